import { parseRssFeed } from "feedsmith";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { employerJobWrites } from "#tests/support/employer-writes.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const skills = (...values: string[]) => values.map((value) => ({ value, label: value }));
const TWENTY = Array.from({ length: 20 }, (_, i) => `Skill ${i + 1}`);

describe.each(engines)("skills beyond the eight on %s", (engine) => {
  let server: TestServer;
  let employer: Session;

  const writes = employerJobWrites(
    () => server,
    () => employer,
  );
  const { row, rowCount, post, patch } = writes;
  const read = async (id: string) => (await api(server.url, `/api/all-jobs/${id}`)).json;
  const posted = (values: string[], overrides: Record<string, unknown> = {}) =>
    writes.posted(validJob({ skills: skills(...values), ...overrides }));

  /** Posts the skills, expects a 400 naming `field`, and checks nothing was written. */
  async function refused(values: string[], field: string) {
    const before = await rowCount();
    const { status, json } = await post(validJob({ skills: skills(...values) }));
    expect(status, JSON.stringify(json)).toBe(400);
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(json.error.fields)).toEqual([field]);
    expect(await rowCount()).toBe(before);
    return json.error.fields[field] as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    employer = await signUp(server.url);
  });
  afterAll(() => server.close());

  test("a custom skill is stored and read back in the wire shape beside a suggestion", async () => {
    const id = await posted(["Rust", "React"]);
    expect((await row(id))?.skills).toEqual(["Rust", "React"]);
    expect((await read(id)).skills).toEqual(skills("Rust", "React"));
  });

  test("a suggestion sent in another case is stored in the suggestion's spelling and merged with its duplicate", async () => {
    const id = await posted(["react", "  Machine   learning ", "REACT", "machine learning", "mongodb"]);
    expect((await row(id))?.skills).toEqual(["React", "Machine learning", "MongoDB"]);
    expect((await read(id)).skills).toEqual(skills("React", "Machine learning", "MongoDB"));
  });

  test("twenty skills are stored", async () => {
    const id = await posted(TWENTY);
    expect((await row(id))?.skills).toEqual(TWENTY);
  });

  test("twenty-one skills are refused naming skills, and nothing is stored", async () => {
    expect(await refused([...TWENTY, "Skill 21"], "skills")).toBe("At most 20 skills");
  });

  test("a skill of 41 characters is refused naming that skill, and nothing is stored", async () => {
    expect(await refused(["React", "x".repeat(41)], "skills.1.value")).toBe("Each skill must be at most 40 characters");
  });

  test("a skill with a NUL or another control character is refused, and nothing is stored", async () => {
    expect(await refused(["Ru\u0000st"], "skills.0.value")).toBe("Must not contain control characters");
    expect(await refused(["Ru\u001bst"], "skills.0.value")).toBe("Must not contain control characters");
  });

  test("a skill with a lone surrogate, which jsonb cannot hold, is refused rather than failing the insert", async () => {
    expect(await refused(["Ru\ud800st"], "skills.0.value")).toBe("Must be valid Unicode text");
  });

  test("a blank skill name is refused, and nothing is stored", async () => {
    expect(await refused(["React", "   "], "skills.1.value")).toBe("Skill names must not be empty");
  });

  test("an update can replace the skills with custom ones, normalised the same way", async () => {
    const id = await posted(["React"]);
    const { status, json } = await patch(id, { skills: skills("go", "Go ", "node") });
    expect(status, JSON.stringify(json)).toBe(200);
    expect((await row(id))?.skills).toEqual(["go", "Node"]);
  });

  test("an update with twenty-one skills is refused naming skills, and the row is unchanged", async () => {
    const id = await posted(["Rust"]);
    const before = await row(id);
    const { status, json } = await patch(id, { skills: skills(...TWENTY, "Skill 21") });
    expect(status).toBe(400);
    expect(json.error.fields).toEqual({ skills: "At most 20 skills" });
    expect(await row(id)).toEqual(before);
  });

  test("a listing with custom skills sent back as read changes nothing", async () => {
    const id = await posted(["Rust", "React"]);
    const before = await row(id);
    const { status, json } = await patch(id, await read(id));
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.modifiedCount).toBe(0);
    expect(await row(id)).toEqual(before);
  });

  test("a skill that looks like markup is kept as text and escaped in the RSS feed", async () => {
    const markup = `<b>Rust</b> & "Go"`;
    const title = `Systems Engineer ${engine}`;
    const id = await posted([markup], { jobTitle: title });
    expect((await read(id)).skills).toEqual(skills(markup));
    const response = await fetch(`${server.url}/feeds/jobs.rss?search=${encodeURIComponent(title)}`);
    const text = await response.text();
    expect(text).not.toContain("<b>Rust</b>");
    const item = parseRssFeed(text).items?.find((entry) => entry.title === title);
    expect(item?.categories?.map((category) => category.name)).toEqual([markup]);
  });
});
