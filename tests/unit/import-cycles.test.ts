import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PREFIXES: Record<string, string> = { "#app/": "app/", "#server/": "server/", "#shared/": "shared/" };

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes("+types"))
    .map((file) => path.join(dir, file));
}

/** Every import of every file, type-only ones too: a circle of types still ties the files' meanings together. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
      const targets = importedFiles
        .map(({ fileName }) => {
          const prefix = Object.keys(PREFIXES).find((p) => fileName.startsWith(p));
          return prefix ? PREFIXES[prefix] + fileName.slice(prefix.length) : undefined;
        })
        .filter((target): target is string => target !== undefined && known.has(target));
      return [file, targets];
    }),
  );
}

/** One circle per strongly connected group of files (Tarjan), each listed from its first file. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test("no import circle among the server's files", () => {
  expect(circles(importGraph(sourceFiles("server")))).toEqual([]);
});

test("no import circle among the shared vocabulary's files", () => {
  expect(circles(importGraph(sourceFiles("shared")))).toEqual([]);
});

test("the circle check finds a circle when there is one", () => {
  const graph = new Map([
    ["server/a.ts", ["server/b.ts"]],
    ["server/b.ts", ["server/c.ts"]],
    ["server/c.ts", ["server/a.ts"]],
    ["server/d.ts", ["server/a.ts"]],
  ]);
  expect(circles(graph)).toEqual([["server/a.ts", "server/b.ts", "server/c.ts"]]);
});
