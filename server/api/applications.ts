import { Hono, type Context } from "hono";
import {
  APPLICATION_ERASED,
  applicantPage,
  applicationErasedPage,
  applicationMissingPage,
  attachmentDisposition,
  CONFIRMATIONS,
} from "#server/applications.ts";
import { isDomainError } from "#server/errors.ts";
import { readJsonObject } from "#server/http/body.ts";
import { contentSecurityPolicy, newNonce } from "#server/http/csp.ts";
import { requireUser } from "#server/http/session.ts";
import type { AppBindings } from "#server/http/types.ts";

/** The JSON API of applications: apply (multipart), the owner's inbox, stage changes, the CV, the applicant's link. */
export const applicationsApi = new Hono<AppBindings>()
  .post("/jobs/:id/applications", async (c) => {
    const { applications } = c.get("services");
    const applied = await applications.applyWithForm({
      jobId: c.req.param("id"),
      request: c.req.raw,
      clientIp: c.get("clientIp"),
    });
    return c.json(applied, 201);
  })
  .get("/jobs/:id/applications", async (c) => {
    const user = await requireUser(c);
    return c.json(
      await c.get("services").applications.listApplications({ user, jobId: c.req.param("id"), query: c.req.query() }),
    );
  })
  .patch("/applications/:id", async (c) => {
    const user = await requireUser(c);
    const changes = await readJsonObject(c);
    return c.json(await c.get("services").applications.changeApplication({ user, id: c.req.param("id"), changes }));
  })
  .get("/applications/:id/cv", async (c) => {
    const user = await requireUser(c);
    const cv = await c.get("services").applications.downloadCv({ user, id: c.req.param("id") });
    // Always a download, never rendered by the browser: a CV is the applicant's file, not the board's page.
    return c.body(new Uint8Array(cv.bytes), 200, {
      "Content-Type": cv.contentType,
      "Content-Disposition": attachmentDisposition(cv.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
  })
  // The applicant's link is a key to their application: no answer about it is kept by a browser or a proxy.
  .use("/applications/by-token/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .get("/applications/by-token/:token", async (c) =>
    c.json(await c.get("services").applications.viewByToken({ token: c.req.param("token") })),
  )
  .post("/applications/by-token/:token/withdraw", async (c) =>
    c.json(await c.get("services").applications.withdrawByToken({ token: c.req.param("token") })),
  )
  .post("/applications/by-token/:token/erase", async (c) =>
    c.json(await c.get("services").applications.eraseByToken({ token: c.req.param("token") })),
  );

function html(c: Context<AppBindings>, body: string, status: 200 | 400 | 404 | 410 = 200) {
  // No script on this page; it carries the site's policy all the same. Never cached: it holds a personal link.
  return c.html(body, status, {
    "Content-Security-Policy": contentSecurityPolicy(newNonce()),
    "Cache-Control": "no-store",
  });
}

const NOTICES = { withdraw: "Your application is withdrawn.", erase: "Your application and CV are erased." } as const;

async function asPage(c: Context<AppBindings>, action: () => Promise<Response>): Promise<Response> {
  try {
    return await action();
  } catch (error) {
    if (!isDomainError(error) || error.code !== "NOT_FOUND") throw error;
    const siteName = c.get("services").site.name;
    if (error.message !== APPLICATION_ERASED) return html(c, applicationMissingPage(siteName), 404);
    // Erasing ends the link: what it opened is gone; right after the erasure, the page confirms it.
    const erasedNow = c.req.method === "GET" && c.req.query("done") === "erase";
    return html(
      c,
      applicationErasedPage(siteName, erasedNow ? { tone: "status", text: NOTICES.erase } : undefined),
      410,
    );
  }
}

const UNCONFIRMED = {
  withdraw: "Nothing was withdrawn: tick the box to confirm that you are no longer interested.",
  erase: "Nothing was erased: tick the box to confirm that your application and CV should go for good.",
} as const;

/**
 * /applications/:token: the page the confirmation mail links to (ADR 21). A GET shows the stage; its buttons POST
 * back to the same link to withdraw or erase, and are answered with a redirect to the page (`?done=`), so a reload
 * or Back posts nothing again and the address bar holds no action.
 */
export const applicationPages = new Hono<AppBindings>()
  .get("/:token", (c) =>
    asPage(c, async () => {
      const view = await c.get("services").applications.viewByToken({ token: c.req.param("token") });
      const done = c.req.query("done");
      // Said only while it holds: the page is about the application as it is now.
      const notice =
        done === "withdraw" && view.withdrawn ? { tone: "status" as const, text: NOTICES[done] } : undefined;
      return html(c, applicantPage(c.get("services").site.name, view, notice));
    }),
  )
  .post("/:token", (c) =>
    asPage(c, async () => {
      const { applications, site } = c.get("services");
      const token = c.req.param("token");
      const action = c.req.query("action");
      if (action === "withdraw" || action === "erase") {
        const { name, value } = CONFIRMATIONS[action];
        if ((await c.req.parseBody())[name] !== value) {
          const view = await applications.viewByToken({ token });
          return html(c, applicantPage(site.name, view, { tone: "alert", text: UNCONFIRMED[action] }), 400);
        }
      }
      if (action === "withdraw") await applications.withdrawByToken({ token });
      else if (action === "erase") await applications.eraseByToken({ token });
      else await applications.viewByToken({ token });
      const done = action === "withdraw" || action === "erase" ? `?done=${action}` : "";
      c.header("Cache-Control", "no-store");
      return c.redirect(`/applications/${encodeURIComponent(token)}${done}`, 303);
    }),
  );
