import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadEnv } from "#server/env.ts";
import { syncAll } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.each(engines)("sources API on %s", (engine) => {
  let fakes: FakeSources;
  let server: TestServer;

  beforeAll(async () => {
    fakes = await startFakeSources();
    fakes.set("remoteok", {
      jobs: [remoteOkJob(1, { tags: ["rust", "wasm"] }), remoteOkJob(2), remoteOkJob(3, { location: "Lisbon" })],
    });
    fakes.set("adzuna", {
      jobs: range(120).map((i) =>
        adzunaJob(i, i === 60 ? { description: "You'll pair with the <strong>core</strong> team's leads" } : {}),
      ),
    });
    fakes.set("jooble", {
      jobs: [joobleJob(2), joobleJob(3, { snippet: "<b>Kotlin</b> mobile work" }), joobleJob(5, { tags: ["golang"] })],
    });
    fakes.set("himalayas", { jobs: [himalayasJob(1), himalayasJob(3, { locationRestrictions: ["Kenya"] })] });
    fakes.set("jobwiz", { jobs: [], fault: "500" });
    // JobWiz is left unconfigured on this server; its fake would fail anyway.
    const env = { ...fakes.env, JOBWIZ_API_KEY: "", SOURCES_TIMEOUT_SECONDS: "1" };
    server = await startTestServer({ engine, env });
    await syncAll(server.services.database, createConnectors(loadEnv({ NODE_ENV: "test", ...env })), {
      graceMs: 3_600_000,
      force: true,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fakes?.close();
  });

  test("GET /api/sources reports each source: configured or not, last success, last error, count", async () => {
    const { status, json } = await api(server.url, "/api/sources");
    expect(status).toBe(200);
    expect(json.map((s: { source: string }) => s.source)).toEqual([
      "remoteok",
      "adzuna",
      "himalayas",
      "jooble",
      "jobwiz",
    ]);
    const adzuna = json.find((s: { source: string }) => s.source === "adzuna");
    expect(adzuna).toMatchObject({ name: "Adzuna", configured: true, missing: [], count: 120, lastError: null });
    expect(Date.parse(adzuna.lastSuccessAt)).not.toBeNaN();
    const jobwiz = json.find((s: { source: string }) => s.source === "jobwiz");
    expect(jobwiz).toMatchObject({ configured: false, missing: ["JOBWIZ_API_KEY"], count: 0, lastSuccessAt: null });
  });

  test("GET /api/sources/adzuna/jobs pages 51 at a time with X-Total-Count", async () => {
    const first = await api(server.url, "/api/sources/adzuna/jobs");
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(51);
    expect(first.headers.get("x-total-count")).toBe("120");
    const last = await api(server.url, "/api/sources/adzuna/jobs?page=3");
    expect(last.json).toHaveLength(18);
    const small = await api(server.url, "/api/sources/adzuna/jobs?limit=5&page=2");
    expect(small.json).toHaveLength(5);
  });

  test("listings are newest first and carry the normalised fields, never upstream keys", async () => {
    const { json } = await api(server.url, "/api/sources/adzuna/jobs?limit=2");
    expect(json[0].title).toBe("TypeScript Developer 1");
    expect(Object.keys(json[0]).sort()).toEqual(
      [
        "id",
        "source",
        "upstreamId",
        "title",
        "company",
        "logo",
        "location",
        "employmentType",
        "salaryMin",
        "salaryMax",
        "salaryCurrency",
        "salaryPeriod",
        "descriptionHtml",
        "tags",
        "postedAt",
        "applyUrl",
      ].sort(),
    );
  });

  test("RemoteOK search matches position, company, any tag or location, case-insensitively", async () => {
    const titles = async (search: string) =>
      (await api(server.url, `/api/sources/remoteok/jobs?search=${encodeURIComponent(search)}`)).json.map(
        (j: { title: string }) => j.title,
      );
    expect(await titles("RUST")).toEqual(["Remote Engineer 1"]);
    expect(await titles("remote company 2")).toEqual(["Remote Engineer 2"]);
    expect(await titles("lisbon")).toEqual(["Remote Engineer 3"]);
  });

  test("Adzuna search covers the description; Jooble search covers tags and its snippet keywords", async () => {
    const adzuna = await api(server.url, "/api/sources/adzuna/jobs?search=team%20player%2C%20number%20117");
    expect(adzuna.json.map((j: { title: string }) => j.title)).toEqual(["TypeScript Developer 117"]);
    const byTag = await api(server.url, "/api/sources/jooble/jobs?search=golang");
    expect(byTag.json.map((j: { title: string }) => j.title)).toEqual(["Jooble Developer 5"]);
    const byKeyword = await api(server.url, "/api/sources/jooble/jobs?search=kotlin");
    expect(byKeyword.json.map((j: { title: string }) => j.title)).toEqual(["Jooble Developer 3"]);
  });

  test("a search finds words with an apostrophe in a description that came as plain text", async () => {
    const { json } = await api(server.url, `/api/sources/adzuna/jobs?search=${encodeURIComponent("team's leads")}`);
    expect(json.map((j: { title: string }) => j.title)).toEqual(["TypeScript Developer 60"]);
  });

  test("Himalayas search covers the location restrictions and the list is unpaged", async () => {
    const { json, headers } = await api(server.url, "/api/sources/himalayas/jobs?search=kenya");
    expect(json.map((j: { title: string }) => j.title)).toEqual(["Himalayas Backend Engineer 3"]);
    expect(headers.get("x-total-count")).toBe("1");
  });

  test("% and _ in a search are literal characters, not wildcards", async () => {
    const { json } = await api(server.url, "/api/sources/adzuna/jobs?search=%25");
    expect(json).toEqual([]);
  });

  test("an unknown source is a JSON 404", async () => {
    const { status, json } = await api(server.url, "/api/sources/indeed/jobs");
    expect(status).toBe(404);
    expect(json.error.code).toBe("NOT_FOUND");
  });

  test.each(["page=0", "page=abc", "limit=0", "limit=501", `search=${"x".repeat(201)}`, "search=%00"])(
    "a bad query (%s) is a 400 naming the field",
    async (query) => {
      const { status, json } = await api(server.url, `/api/sources/adzuna/jobs?${query}`);
      expect(status).toBe(400);
      expect(json.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(json.error.fields)).toEqual([query.split("=")[0]]);
    },
  );
});
