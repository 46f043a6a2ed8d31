import { Hono, type Context } from "hono";
import { readJsonObject } from "#server/http/body.ts";
import { jsonError } from "#server/http/errors.ts";
import { requireUser } from "#server/http/session.ts";
import type { AppBindings } from "#server/http/types.ts";

const viewerOf = (c: Context<AppBindings>) => c.get("services").sessions.getUser({ headers: c.req.raw.headers });

/** Company pages' data, their owners' edits (issue 32), and the admins' list, verification and merge. */
export const companiesApi = new Hono<AppBindings>()
  .get("/companies/:slug", async (c) =>
    c.json(await c.get("services").companies.getCompany({ slug: c.req.param("slug") })),
  )
  .get("/companies/:slug/jobs", async (c) => {
    const { companies, jobs } = c.get("services");
    const page = companies.parsePageQuery(c.req.query());
    const company = await companies.getCompany({ slug: c.req.param("slug") });
    const { jobs: listings, total, totalIsExact } = await jobs.listCompanyJobs({ companyId: company.id, page });
    c.header("X-Total-Count", String(total));
    c.header("X-Total-Count-Exact", String(totalIsExact));
    c.header("Access-Control-Expose-Headers", "X-Total-Count, X-Total-Count-Exact");
    return c.json(listings);
  })
  .get("/my-companies", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").companies.listMyCompanies({ user }));
  })
  .patch("/companies/:slug", async (c) => {
    const user = await requireUser(c);
    const changes = await readJsonObject(c);
    return c.json(await c.get("services").companies.updateCompany({ user, slug: c.req.param("slug"), changes }));
  })
  .delete("/companies/:slug", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").companies.deleteCompany({ user, slug: c.req.param("slug") }));
  })
  .get("/admin/companies", async (c) => {
    const { companies } = c.get("services");
    const page = companies.parsePageQuery(c.req.query());
    return c.json(await companies.listCompaniesForAdmin({ viewer: await viewerOf(c), page }));
  })
  .post("/admin/companies/merge", async (c) => {
    const viewer = await viewerOf(c);
    // Refuse before reading the body, so a stranger learns nothing from how the body is judged.
    if (!(await c.get("services").moderation.isAdmin(viewer))) return jsonError(c, "NOT_FOUND", "Not found");
    const fields = await readJsonObject(c);
    return c.json(await c.get("services").companies.mergeCompanies({ viewer, fields }));
  })
  .post("/admin/companies/:slug/verification", async (c) => {
    const viewer = await viewerOf(c);
    if (!(await c.get("services").moderation.isAdmin(viewer))) return jsonError(c, "NOT_FOUND", "Not found");
    const fields = await readJsonObject(c);
    return c.json(await c.get("services").companies.setVerification({ viewer, slug: c.req.param("slug"), fields }));
  });
