import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import type { JobStatus } from "#shared/moderation.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const today = () => new Date().toISOString().slice(0, 10);

// Status rules (ADR 0011): only published listings reach anyone but their owner, on every public read.
describe.each(engines)("listing status on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let stranger: Session;
  const ids = {} as Record<JobStatus, string>;

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true });
    [owner, stranger] = await Promise.all([
      signUp(server.url, { name: "Owner" }),
      signUp(server.url, { name: "Stranger" }),
    ]);
    for (const status of ["published", "pending", "rejected", "hidden"] as const) {
      const { json } = await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: `Status ${status} engineer`, postingDate: today() }),
        session: owner,
      });
      ids[status] = json.insertedId;
      const statusReason = status === "rejected" ? "Salary missing" : status === "hidden" ? "Reported as a scam" : null;
      await server.services.database.db.update(jobs).set({ status, statusReason }).where(eq(jobs.id, json.insertedId));
    }
  });
  afterAll(() => server.close());

  const unpublished = () => [ids.pending, ids.rejected, ids.hidden];

  test("search returns only the published listing, and its total counts only that one", async () => {
    const { status, json, headers } = await api(server.url, "/api/jobs?search=Status&limit=100");
    expect(status).toBe(200);
    expect(json.map((job: { _id: string }) => job._id)).toEqual([ids.published]);
    expect(headers.get("x-total-count")).toBe("1");
  });

  test("the home count counts only published listings", async () => {
    expect(await server.services.jobs.countLiveJobs()).toBe(1);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain("Status published engineer");
    expect(html).not.toMatch(/Status (pending|rejected|hidden) engineer/);
  });

  test("/api/all-jobs lists only the published listing", async () => {
    const { json } = await api(server.url, "/api/all-jobs?limit=100");
    const listed = json.map((job: { _id: string }) => job._id);
    expect(listed).toContain(ids.published);
    for (const id of unpublished()) expect(listed).not.toContain(id);
  });

  test("the sitemap names only the published listing", async () => {
    const xml = await (await fetch(`${server.url}/sitemap/jobs-1.xml`)).text();
    expect(xml).toContain(`/jobs/${ids.published}`);
    for (const id of unpublished()) expect(xml).not.toContain(id);
  });

  test("an unpublished listing's page and API answer 404 to an anonymous visitor and to another user", async () => {
    for (const id of unpublished()) {
      expect((await fetch(`${server.url}/jobs/${id}`)).status).toBe(404);
      expect((await fetch(`${server.url}/jobs/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
      expect((await api(server.url, `/api/all-jobs/${id}`)).status).toBe(404);
      expect((await api(server.url, `/api/all-jobs/${id}`, { session: stranger })).status).toBe(404);
    }
  });

  test("the owner still sees an unpublished listing's page, marked as theirs only, with no JSON-LD and noindex", async () => {
    const response = await fetch(`${server.url}/jobs/${ids.rejected}`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Only you can see this listing.");
    expect(html).toContain("Rejected: Salary missing");
    expect(html).not.toContain("application/ld+json");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect((await api(server.url, `/api/all-jobs/${ids.pending}`, { session: owner })).status).toBe(200);
  });

  test("the published listing's page carries JSON-LD for everyone", async () => {
    const html = await (await fetch(`${server.url}/jobs/${ids.published}`)).text();
    expect(html).toContain("application/ld+json");
    expect(html).not.toContain("Only you can see this listing.");
  });

  test("My Listings gives the owner every listing with its status and reason", async () => {
    const { json } = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
    const byId = new Map(
      json.map((job: { _id: string; status: string; statusReason: string | null }) => [job._id, job]),
    );
    expect(byId.get(ids.published)).toMatchObject({ status: "published", statusReason: null });
    expect(byId.get(ids.pending)).toMatchObject({ status: "pending", statusReason: null });
    expect(byId.get(ids.rejected)).toMatchObject({ status: "rejected", statusReason: "Salary missing" });
    expect(byId.get(ids.hidden)).toMatchObject({ status: "hidden", statusReason: "Reported as a scam" });
  });

  test("the owner can still edit and delete an unpublished listing", async () => {
    const edited = await api(server.url, `/api/update-job/${ids.hidden}`, {
      method: "PATCH",
      body: { jobTitle: "Status hidden engineer II" },
      session: owner,
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ modifiedCount: 1, status: "hidden" });
    const { status, json } = await api(server.url, `/api/job/${ids.pending}`, { method: "DELETE", session: owner });
    expect(status).toBe(200);
    expect(json.deletedCount).toBe(1);
  });
});
