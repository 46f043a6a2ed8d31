import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The README's layout block as [top folder, name] pairs. A line at the left margin opens a top folder; a line indented
 * by two names files and folders inside it before its description, which starts after two or more spaces. Deeper lines
 * continue a description.
 */
function layoutEntries(): [string, string][] {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const block = readme.split("\n## Layout\n")[1]?.split("```")[1];
  if (!block) throw new Error("README.md has no code block under '## Layout'");
  const entries: [string, string][] = [];
  let top = "";
  for (const line of block.split("\n")) {
    const indent = line.length - line.trimStart().length;
    const names =
      line
        .trim()
        .split(/\s{2,}/)[0]
        ?.split(" ") ?? [];
    if (indent === 0 && names[0]) top = names[0];
    else if (indent === 2)
      entries.push(
        ...names.filter((name) => /^[\w.$+-]+\/?$/.test(name)).map((name) => [top, name] as [string, string]),
      );
  }
  return entries;
}

test("every file and folder the README's layout names exists", () => {
  const missing = layoutEntries().filter(([top, name]) => !fs.existsSync(path.join(ROOT, top, name)));
  expect(missing).toEqual([]);
});

test.each(["server/", "tests/"])("the README's layout names every module and folder at the top of %s", (top) => {
  const named = new Set(
    layoutEntries()
      .filter(([entryTop]) => entryTop === top)
      .map(([, name]) => name.replace(/\/$/, "")),
  );
  const present = fs.readdirSync(path.join(ROOT, top)).filter((entry) => !entry.endsWith(".d.ts"));
  expect(present.filter((entry) => !named.has(entry))).toEqual([]);
});
