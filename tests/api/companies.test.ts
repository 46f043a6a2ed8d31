import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, jobs, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("companies on %s", (engine) => {
  let server: TestServer;
  let admin: Session;

  const db = () => server.services.database.db;
  const post = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(overrides),
      session,
    });
    expect(status, JSON.stringify(json)).toBe(201);
    return json.insertedId as string;
  };
  const job = async (id: string) => (await api(server.url, `/api/all-jobs/${id}`)).json;
  const verifyAddress = (session: Session) =>
    db().update(user).set({ emailVerified: true }).where(eq(user.email, session.email));

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await signUp(server.url, { name: "Admin" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
  });
  afterAll(() => server.close());

  test("an employer's first listing makes its company, and a later one of the same name joins it", async () => {
    const employer = await signUp(server.url);
    const first = await job(await post(employer, { companyName: "Northwind Traders" }));
    const second = await job(await post(employer, { companyName: "  northwind   TRADERS " }));
    expect(second.companyId).toBe(first.companyId);
    expect(second.companyName).toBe("Northwind Traders");
    expect(first.companySlug).toMatch(/^northwind-traders/);
    const mine = await api(server.url, "/api/my-companies", { session: employer });
    expect(mine.json.map((company: { id: string }) => company.id)).toEqual([first.companyId]);
  });

  test("a listing that picks a company shows the company's details, whatever it was sent", async () => {
    const employer = await signUp(server.url);
    const first = await job(await post(employer, { companyName: "Picked Co", companyDec: "The company's own words." }));
    const picked = await job(
      await post(employer, { companyId: first.companyId, companyName: "Other Name", companyDec: "Stray words." }),
    );
    expect(picked).toMatchObject({
      companyId: first.companyId,
      companyName: "Picked Co",
      companyDec: "The company's own words.",
    });
  });

  test("the company's edit shows on every listing of it at once", async () => {
    const employer = await signUp(server.url);
    const ids = [
      await post(employer, { companyName: "Edited Co" }),
      await post(employer, { companyName: "Edited Co" }),
    ];
    const { companySlug } = await job(ids[0]!);
    const { status, json } = await api(server.url, `/api/companies/${companySlug}`, {
      method: "PATCH",
      body: { description: "Now we make gadgets.", industry: "Hardware", logo: "https://edited.example/logo.png" },
      session: employer,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ slug: companySlug, description: "Now we make gadgets.", industry: "Hardware" });
    for (const id of ids) {
      expect(await job(id)).toMatchObject({
        companyDec: "Now we make gadgets.",
        Industry: "Hardware",
        companyLogo: "https://edited.example/logo.png",
      });
    }
    const page = await api(server.url, `/api/companies/${companySlug}/jobs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("2");
    expect(page.json.map((listing: { _id: string }) => listing._id).sort()).toEqual([...ids].sort());
  });

  test("another employer cannot edit a company (403), nor post for it, and nothing changes", async () => {
    const [owner, rival] = [await signUp(server.url), await signUp(server.url)];
    const listing = await job(await post(owner, { companyName: "Guarded Co" }));
    const before = await api(server.url, `/api/companies/${listing.companySlug}`);
    const edit = await api(server.url, `/api/companies/${listing.companySlug}`, {
      method: "PATCH",
      body: { name: "Taken Over" },
      session: rival,
    });
    expect(edit.status).toBe(403);
    expect(edit.json.error.code).toBe("FORBIDDEN");
    const pick = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ companyId: listing.companyId }),
      session: rival,
    });
    expect(pick.status).toBe(400);
    expect(pick.json.error.fields.companyId).toBeTruthy();
    expect((await api(server.url, `/api/companies/${listing.companySlug}`)).json).toEqual(before.json);
  });

  test("a company edit answers 401 signed out and 404 for an address no company has", async () => {
    const employer = await signUp(server.url);
    expect((await api(server.url, "/api/companies/no-such-company", { method: "PATCH", body: {} })).status).toBe(401);
    const missing = await api(server.url, `/api/companies/nobody-${randomUUID().slice(0, 8)}`, {
      method: "PATCH",
      body: { name: "x" },
      session: employer,
    });
    expect(missing.status).toBe(404);
    expect((await api(server.url, "/api/companies/Not%20A%20Slug")).status).toBe(404);
  });

  test("an employer whose verified address is on the company site's domain gets the Verified badge", async () => {
    const domain = `acme-${randomUUID().slice(0, 6)}.com`;
    const employer = await signUp(server.url, { email: `jobs@${domain}` });
    await verifyAddress(employer);
    const listing = await job(
      await post(employer, { companyName: "Verified Co", companySite: `https://www.${domain}/` }),
    );
    expect(listing.companyVerified).toBe(true);
    expect((await api(server.url, `/api/companies/${listing.companySlug}`)).json.verified).toBe(true);
  });

  test("an address on another domain, or one not verified yet, verifies nothing", async () => {
    const domain = `acme-${randomUUID().slice(0, 6)}.com`;
    const unverified = await signUp(server.url, { email: `jobs@${domain}` });
    const listing = await job(await post(unverified, { companyName: "Waiting Co", companySite: `https://${domain}` }));
    expect(listing.companyVerified).toBe(false);
    const elsewhere = await signUp(server.url, { email: `jobs@elsewhere-${domain}` });
    await verifyAddress(elsewhere);
    expect((await job(await post(elsewhere, { companySite: `https://${domain}` }))).companyVerified).toBe(false);
  });

  test("a site on a name nobody can register (a bare name, a reserved one, an IP address) verifies nothing", async () => {
    for (const host of ["test", "localhost", "acme.test", "acme.example", "example.com", "192.0.2.7", "co.uk"]) {
      const employer = await signUp(server.url);
      // Sign-up takes only addresses on public names; a host like these is set directly, verified.
      await db()
        .update(user)
        .set({ email: `jobs-${randomUUID().slice(0, 6)}@${host}`, emailVerified: true })
        .where(eq(user.email, employer.email));
      const listing = await job(
        await post(employer, { companyName: `Unregistrable ${host}`, companySite: `https://${host}` }),
      );
      expect(listing.companyVerified, host).toBe(false);
    }
  });

  test("an employer cannot rename a company to another employer's verified company's name: a 409 says so, and nothing changes", async () => {
    const owner = await signUp(server.url);
    const verified = await job(await post(owner, { companyName: "Globex Vouched" }));
    await api(server.url, `/api/admin/companies/${verified.companySlug}/verification`, {
      method: "POST",
      body: { verified: true },
      session: admin,
    });
    const rival = await signUp(server.url);
    const own = await job(await post(rival, { companyName: "Rival Small Co" }));
    const renamed = await api(server.url, `/api/companies/${own.companySlug}`, {
      method: "PATCH",
      body: { name: "  globex   VOUCHED " },
      session: rival,
    });
    expect(renamed.status).toBe(409);
    expect(renamed.json.error).toMatchObject({
      code: "CONFLICT",
      message: "A verified company is already called Globex Vouched. Pick your company's own name.",
    });
    expect((await api(server.url, `/api/companies/${own.companySlug}`)).json.name).toBe("Rival Small Co");
  });

  test("an employer verified on their own domain who renames to, or posts as, a verified company's name gets no badge for it", async () => {
    const real = await signUp(server.url);
    const verified = await job(await post(real, { companyName: "Initrode Real" }));
    await api(server.url, `/api/admin/companies/${verified.companySlug}/verification`, {
      method: "POST",
      body: { verified: true },
      session: admin,
    });
    const domain = `borrower-${randomUUID().slice(0, 6)}.com`;
    const borrower = await signUp(server.url, { email: `jobs@${domain}` });
    await verifyAddress(borrower);
    const own = await job(await post(borrower, { companyName: "Borrower Co", companySite: `https://${domain}` }));
    expect(own.companyVerified).toBe(true);
    const renamed = await api(server.url, `/api/companies/${own.companySlug}`, {
      method: "PATCH",
      body: { name: "Initrode Real" },
      session: borrower,
    });
    expect(renamed.status).toBe(409);
    expect((await job(own._id)).companyName).toBe("Borrower Co");
    const posed = await job(await post(borrower, { companyName: "Initrode Real", companySite: `https://${domain}` }));
    expect(posed.companyId).not.toBe(verified.companyId);
    expect(posed.companyVerified).toBe(false);
    expect((await job(verified._id)).companyVerified).toBe(true);
  });

  test("a company keeps its own name through an edit of its other details, even once another employer's company of that name is verified", async () => {
    const first = await signUp(server.url);
    const early = await job(await post(first, { companyName: "Shared Name Co" }));
    const second = await signUp(server.url);
    const later = await job(await post(second, { companyName: "Shared Name Co" }));
    await api(server.url, `/api/admin/companies/${later.companySlug}/verification`, {
      method: "POST",
      body: { verified: true },
      session: admin,
    });
    const edited = await api(server.url, `/api/companies/${early.companySlug}`, {
      method: "PATCH",
      body: { description: "Still our own words." },
      session: first,
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "Shared Name Co", verified: false });
  });

  test("a free-mail address never verifies a company by itself, even for the provider's own site", async () => {
    const employer = await signUp(server.url, { email: `recruiter.${randomUUID().slice(0, 6)}@gmail.com` });
    await verifyAddress(employer);
    const listing = await job(
      await post(employer, { companyName: "Gmail Fan Club", companySite: "https://gmail.com" }),
    );
    expect(listing.companyVerified).toBe(false);
  });

  test("an admin marks a company verified, and every listing of it shows the badge", async () => {
    const employer = await signUp(server.url);
    const listing = await job(await post(employer, { companyName: "Vouched Co" }));
    const path = `/api/admin/companies/${listing.companySlug}/verification`;
    expect((await api(server.url, path, { method: "POST", body: { verified: true }, session: employer })).status).toBe(
      404,
    );
    expect((await job(listing._id)).companyVerified).toBe(false);
    const { status, json } = await api(server.url, path, { method: "POST", body: { verified: true }, session: admin });
    expect(status).toBe(200);
    expect(json.verified).toBe(true);
    expect((await job(listing._id)).companyVerified).toBe(true);
    await api(server.url, path, { method: "POST", body: { verified: false }, session: admin });
    expect((await job(listing._id)).companyVerified).toBe(false);
  });

  test("an admin merges two companies: the listings move and show the company kept, the other is gone", async () => {
    const [a, b] = [await signUp(server.url), await signUp(server.url)];
    const kept = await job(await post(a, { companyName: "Merged Kept", companyDec: "The kept words." }));
    const moved = await job(await post(b, { companyName: "Merged Gone" }));
    const body = { from: moved.companySlug, into: kept.companySlug };
    expect((await api(server.url, "/api/admin/companies/merge", { method: "POST", body, session: a })).status).toBe(
      404,
    );
    const { status, json } = await api(server.url, "/api/admin/companies/merge", {
      method: "POST",
      body,
      session: admin,
    });
    expect(status).toBe(200);
    expect(json.movedListings).toBe(1);
    expect(await job(moved._id)).toMatchObject({
      companyId: kept.companyId,
      companyName: "Merged Kept",
      companyDec: "The kept words.",
    });
    expect((await api(server.url, `/api/companies/${moved.companySlug}`)).status).toBe(404);
    const left = await db().select().from(companies).where(eq(companies.id, moved.companyId));
    expect(left).toEqual([]);
  });

  test("after an admin merges an employer's company into another employer's, the listing's owner still edits it, and it stays in that company", async () => {
    const [a, b] = [await signUp(server.url), await signUp(server.url)];
    const listing = await job(await post(a, { companyName: "Cross Small" }));
    const kept = await job(await post(b, { companyName: "Cross Big", companyDec: "Big words." }));
    const merged = await api(server.url, "/api/admin/companies/merge", {
      method: "POST",
      body: { from: listing.companySlug, into: kept.companySlug },
      session: admin,
    });
    expect(merged.status).toBe(200);
    const moved = await job(listing._id);
    // What the edit form sends: every field as the listing shows it, the company it is in picked.
    const { _id, createdAt, updatedAt, companySlug, companyVerified, ...fields } = moved;
    void [_id, createdAt, updatedAt, companySlug, companyVerified];
    const whole = await api(server.url, `/api/update-job/${listing._id}`, {
      method: "PATCH",
      body: { ...fields, jobTitle: "Edited After Merge", companyName: "Renamed By Mistake" },
      session: a,
    });
    expect(whole.status, JSON.stringify(whole.json)).toBe(200);
    const partial = await api(server.url, `/api/update-job/${listing._id}`, {
      method: "PATCH",
      body: { postionopens: 3 },
      session: a,
    });
    expect(partial.status, JSON.stringify(partial.json)).toBe(200);
    expect(await job(listing._id)).toMatchObject({
      jobTitle: "Edited After Merge",
      companyId: kept.companyId,
      companyName: "Cross Big",
      companyDec: "Big words.",
    });
  });

  test("an owner deletes a company no listing is in any more, and its page and place on the form go with it", async () => {
    const employer = await signUp(server.url);
    const listing = await job(await post(employer, { companyName: "Emptied Co" }));
    expect((await api(server.url, `/api/job/${listing._id}`, { method: "DELETE", session: employer })).status).toBe(
      200,
    );
    const path = `/api/companies/${listing.companySlug}`;
    const { status, json } = await api(server.url, path, { method: "DELETE", session: employer });
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true });
    expect((await api(server.url, path)).status).toBe(404);
    expect((await api(server.url, "/api/my-companies", { session: employer })).json).toEqual([]);
  });

  test("a company that still has listings, live or expired, is not deleted: a 409 says how many", async () => {
    const employer = await signUp(server.url);
    const live = await job(await post(employer, { companyName: "Still Busy Co" }));
    const expired = await post(employer, { companyName: "Still Busy Co" });
    await db()
      .update(jobs)
      .set({ postingDate: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(jobs.id, expired));
    const path = `/api/companies/${live.companySlug}`;
    const { status, json } = await api(server.url, path, { method: "DELETE", session: employer });
    expect(status).toBe(409);
    expect(json.error).toEqual({
      code: "CONFLICT",
      message: "Still Busy Co still has 2 listings: delete them, or move them to another of your companies, first.",
    });
    expect((await api(server.url, path)).status).toBe(200);
    expect((await job(expired)).companyId).toBe(live.companyId);
  });

  test("another employer cannot delete a company (403), nor anyone signed out (401), and it stays", async () => {
    const [owner, rival] = [await signUp(server.url), await signUp(server.url)];
    const listing = await job(await post(owner, { companyName: "Kept Safe Co" }));
    await api(server.url, `/api/job/${listing._id}`, { method: "DELETE", session: owner });
    const path = `/api/companies/${listing.companySlug}`;
    const refused = await api(server.url, path, { method: "DELETE", session: rival });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("FORBIDDEN");
    expect((await api(server.url, path, { method: "DELETE" })).status).toBe(401);
    expect((await api(server.url, path)).status).toBe(200);
  });

  test("renaming a listing's company with no company picked moves it to the employer's company of the new name", async () => {
    const employer = await signUp(server.url);
    const listing = await job(await post(employer, { companyName: "Before Rename" }));
    const { status } = await api(server.url, `/api/update-job/${listing._id}`, {
      method: "PATCH",
      body: { companyName: "After Rename", companyId: null },
      session: employer,
    });
    expect(status).toBe(200);
    const renamed = await job(listing._id);
    expect(renamed.companyName).toBe("After Rename");
    expect(renamed.companyId).not.toBe(listing.companyId);
    const [row] = await db().select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, listing._id));
    expect(row?.companyId).toBe(renamed.companyId);
  });
});
