import { Hono, type Context } from "hono";
import { jobFieldsFromForm, jobSearchSchema } from "#shared/job.ts";
import { postedOutcome, type ReportFormRefusal } from "#shared/moderation.ts";
import { parseOrThrow } from "#server/errors.ts";
import { readJsonObject } from "#server/http/body.ts";
import { answerFormPost, answerFormPostOnPage } from "#server/http/form-post.ts";
import { requireUser } from "#server/http/session.ts";
import { spendChallenge } from "#server/api/challenge.ts";
import type { AppBindings } from "#server/http/types.ts";

/** The next page, when there is one: X-Next-Cursor, and the same request with that cursor as a Link (RFC 8288). */
function exposePaging(c: Context<AppBindings>, nextCursor: string | null) {
  c.header(
    "Access-Control-Expose-Headers",
    "X-Total-Count, X-Total-Count-Exact, X-Next-Cursor, Link, X-Search-Place, X-Did-You-Mean, X-Did-You-Mean-Applied, X-Did-You-Mean-Count",
  );
  if (!nextCursor) return;
  const next = new URL(c.req.url);
  next.searchParams.delete("page");
  next.searchParams.set("cursor", nextCursor);
  c.header("X-Next-Cursor", nextCursor);
  c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
}

export const jobsApi = new Hono<AppBindings>()
  .get("/jobs", async (c) => {
    const search = parseOrThrow(jobSearchSchema, c.req.query());
    const services = c.get("services");
    const { jobs, total, totalIsExact, nextCursor, place, didYouMean } = await services.jobs.searchJobs(search);
    services.stats.countImpressions({ jobIds: jobs.map((job) => job._id), userAgent: c.req.header("user-agent") });
    // Above EXACT_COUNT_LIMIT the total is the planner's estimate; X-Total-Count-Exact says which one a client got.
    c.header("X-Total-Count", String(total));
    c.header("X-Total-Count-Exact", String(totalIsExact));
    exposePaging(c, nextCursor);
    // Header values are ASCII: the texts go URL-encoded.
    if (place) c.header("X-Search-Place", encodeURIComponent(place.typed));
    if (didYouMean) {
      c.header("X-Did-You-Mean", encodeURIComponent(didYouMean.search));
      c.header("X-Did-You-Mean-Applied", String(didYouMean.applied));
      c.header("X-Did-You-Mean-Count", String(didYouMean.total));
    }
    return c.json(jobs);
  })
  .get("/all-jobs", async (c) => {
    const { jobs, nextCursor } = await c.get("services").jobs.listAllJobs(c.req.query());
    exposePaging(c, nextCursor);
    return c.json(jobs);
  })
  .get("/all-jobs/:id", async (c) => {
    const viewer = await c.get("services").sessions.getUser({ headers: c.req.raw.headers });
    return c.json(await c.get("services").jobs.getJob({ id: c.req.param("id"), viewer }));
  })
  .post("/jobs/:id/report", async (c) => {
    const viewer = await c.get("services").sessions.getUser({ headers: c.req.raw.headers });
    const fields = await readJsonObject(c);
    await spendChallenge(c);
    const { moderation } = c.get("services");
    return c.json(
      await moderation.reportJob({ viewer, id: c.req.param("id"), clientIp: c.get("clientIp"), fields }),
      201,
    );
  })
  .get("/myJobs/:email", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").jobs.listMyJobs({ user, email: c.req.param("email") }));
  })
  .post("/post-job", async (c) => {
    const user = await requireUser(c);
    const fields = await readJsonObject(c);
    await spendChallenge(c);
    return c.json(await c.get("services").jobs.postJob({ user, fields }), 201);
  })
  .patch("/update-job/:id", async (c) => {
    const user = await requireUser(c);
    const changes = await readJsonObject(c);
    return c.json(await c.get("services").jobs.updateJob({ user, id: c.req.param("id"), changes }));
  })
  .delete("/job/:id", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").jobs.deleteJob({ user, id: c.req.param("id") }));
  });

/**
 * `POST /jobs/:id`: the job page's "Report this job" form sent by a browser without JavaScript (ADR 41). No proof of
 * work (a page without scripts cannot make one): the honeypot and the API's per-address limit hold it, in one count
 * with the API's reports, and its reports hide a listing only from as many addresses as the API's; the answer is the
 * job page again.
 */
export const reportFormPost = new Hono<AppBindings>().post("/jobs/:id", async (c) => {
  const { sessions, moderation } = c.get("services");
  const viewer = await sessions.getUser({ headers: c.req.raw.headers });
  const id = c.req.param("id");
  return answerFormPost<ReportFormRefusal>(c, {
    submit: (fields) => moderation.reportJob({ viewer, id, clientIp: c.get("clientIp"), fields }),
    refusals: { VALIDATION_FAILED: "invalid", CONFLICT: "duplicate", RATE_LIMITED: "limited" },
    back: (outcome) => `/jobs/${encodeURIComponent(id)}?report=${outcome}#report-job`,
    // Gone between the page and the post, or the reader's own: said on a page of its own, the form being no use.
    notSent: "Your report was not sent",
  });
});

/** Without a session, a form post goes to sign in first and then back to the form's page. */
async function signedInOrLogin(c: Context<AppBindings>) {
  const user = await c.get("services").sessions.getUser({ headers: c.req.raw.headers });
  return user ?? c.redirect(`/login?from=${encodeURIComponent(c.req.path)}`, 303);
}

/**
 * `POST /post-job` and `POST /edit-job/:id`: the job form sent by a browser without JavaScript (ADR 41). The same
 * schema and domain verbs as the API, with its daily limit; no proof of work, so the honeypot too. Success goes where
 * the page's script goes, My Listings, which says how it went; a refusal is the form again, with what was typed.
 */
export const jobFormPosts = new Hono<AppBindings>()
  .post("/post-job", async (c) => {
    const user = await signedInOrLogin(c);
    if (user instanceof Response) return user;
    return answerFormPostOnPage(c, {
      submit: (fields) => c.get("services").jobs.postJob({ user, fields: jobFieldsFromForm(fields) }),
      done: (posted) => `/my-job?posted=${posted ? postedOutcome(posted) : "published"}`,
      notSent: "Your job was not posted",
    });
  })
  .post("/edit-job/:id", async (c) => {
    const user = await signedInOrLogin(c);
    if (user instanceof Response) return user;
    const id = c.req.param("id");
    return answerFormPostOnPage(c, {
      submit: (fields) => c.get("services").jobs.updateJob({ user, id, changes: jobFieldsFromForm(fields) }),
      done: () => "/my-job?updated",
      notSent: "Your job was not updated",
    });
  });
