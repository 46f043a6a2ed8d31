import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

type LockEntry = { version?: string; optional?: boolean; engines?: { node?: string } | string[] };

/** The oldest Node the project says it runs on: the lower bound of package.json's engines. */
const oldestNode = () => semver.minVersion(JSON.parse(read("package.json")).engines.node)?.version ?? "";

test("the README states the same oldest Node as package.json's engines", () => {
  const [major, minor] = oldestNode().split(".");
  expect(read("README.md")).toContain(`Requirements: Node ${major}.${minor} or newer`);
});

test("every installed package declares it runs on the oldest Node the README states, so npm install warns of none", () => {
  const lock: { packages: Record<string, LockEntry> } = JSON.parse(read("package-lock.json"));
  const refusing = Object.entries(lock.packages)
    .filter(([name, entry]) => name !== "" && !entry.optional)
    .flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range || !semver.validRange(range)) return [];
      return semver.satisfies(oldestNode(), range)
        ? []
        : [`${name.replace(/^.*node_modules\//, "")}@${entry.version}: node ${range}`];
    });
  expect(refusing).toEqual([]);
});
