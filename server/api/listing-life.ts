import { Hono, type Context } from "hono";
import { notFound } from "#server/errors.ts";
import { renewalGonePage, renewedPage, renewPage } from "#server/renewals.ts";
import { contentSecurityPolicy, newNonce } from "#server/http/csp.ts";
import { requireUser } from "#server/http/session.ts";
import type { AppBindings } from "#server/http/types.ts";

/**
 * What a listing earned, its owner's renewal (issue 32), closing and reopening (issue 31), and the Apply link's ping
 * that counts a click.
 */
export const listingLifeApi = new Hono<AppBindings>()
  .get("/jobs/:id/stats", async (c) => {
    const user = await requireUser(c);
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.get("services").stats.listingStats({ user, jobId: c.req.param("id") }));
  })
  .post("/jobs/:id/renew", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").renewals.renewOwnListing({ user, id: c.req.param("id") }));
  })
  .post("/jobs/:id/close", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").jobs.closeListing({ user, id: c.req.param("id") }));
  })
  .post("/jobs/:id/reopen", async (c) => {
    const user = await requireUser(c);
    return c.json(await c.get("services").jobs.reopenListing({ user, id: c.req.param("id") }));
  })
  // A click on the Apply link: the page's `navigator.sendBeacon` (a POST, empty) as it is clicked, or without scripts
  // the link's `ping` (HTML hyperlink auditing, a POST of `text/ping`) as the browser follows it. The body is never
  // read. A live listing's click is answered the same whether it was counted or not (a repeat, a bot); any other id
  // is a 404 and writes nothing.
  .post("/jobs/:id/apply-click", async (c) => {
    const live = await c.get("services").stats.countApplyClick({
      jobId: c.req.param("id"),
      visitor: { clientIp: c.get("clientIp"), userAgent: c.req.header("user-agent") },
    });
    if (!live) throw notFound("Job not found");
    return c.json({ ok: true as const });
  });

function html(c: Context<AppBindings>, body: string, status: 200 | 410 = 200) {
  // No script on this page; it carries the site's policy all the same. Never cached: it holds a personal link.
  return c.html(body, status, {
    "Content-Security-Policy": contentSecurityPolicy(newNonce()),
    "Cache-Control": "no-store",
  });
}

/**
 * /renew/:token: the reminder mail's "Renew for 30 more days" (ADR 21). A GET shows the listing and one button; the
 * button POSTs back to the same link, which renews once. A used, expired or forged link answers 410.
 */
export const renewalPages = new Hono<AppBindings>()
  .get("/:token", async (c) => {
    const { renewals, site } = c.get("services");
    const listing = await renewals.describeRenewal({ token: c.req.param("token") });
    return listing ? html(c, renewPage(site.name, listing)) : html(c, renewalGonePage(site.name), 410);
  })
  .post("/:token", async (c) => {
    const { renewals, site } = c.get("services");
    const renewed = await renewals.renewByToken({ token: c.req.param("token") });
    return renewed ? html(c, renewedPage(site.name, renewed)) : html(c, renewalGonePage(site.name), 410);
  });
