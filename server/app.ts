import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { routePath } from "hono/route";
import { secureHeaders } from "hono/secure-headers";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import { healthApi } from "#server/api/health.ts";
import { jobFormPosts, jobsApi, reportFormPost } from "#server/api/jobs.ts";
import { companiesApi } from "#server/api/companies.ts";
import { adminApi } from "#server/api/admin.ts";
import { challengeApi, spendChallenge } from "#server/api/challenge.ts";
import { sourcesApi } from "#server/api/sources.ts";
import { blogApi } from "#server/api/blog.ts";
import { contactApi, contactFormPost } from "#server/api/contact.ts";
import { feedsRoutes } from "#server/api/feeds.ts";
import { openApiRoutes } from "#server/api/openapi.ts";
import { alertFormPost, alertPages, alertsApi } from "#server/api/alerts.ts";
import { loginFormPost } from "#server/api/login.ts";
import { passwordResetFormPosts } from "#server/api/password-reset.ts";
import { applicationPages, applicationsApi } from "#server/api/applications.ts";
import { listingLifeApi, renewalPages } from "#server/api/listing-life.ts";
import { publicReadCors } from "#server/http/cors.ts";
import { compressResponses } from "#server/http/compress.ts";
import { sameOriginWrites } from "#server/http/same-origin.ts";
import { isDomainError } from "#server/errors.ts";
import { errorResponse, jsonError } from "#server/http/errors.ts";
import { errorBody } from "#shared/errors.ts";
import type { FormRefusal } from "#shared/form-post.ts";
import { invalidOriginMessage, tooManyAttemptsMessage } from "#shared/session.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { keepingOneConnection, servingInArrivalOrder } from "#server/db/yielding-pool.ts";
import { contentSecurityPolicy, newNonce, PERMISSIONS_POLICY } from "#server/http/csp.ts";
import type { AppBindings } from "#server/http/types.ts";
import { metricsAuthorised } from "#server/metrics.ts";
import type { AppServices } from "#server/services.ts";

/**
 * Renders every non-API path; in production the React Router build, in development Vite's. Inline scripts
 * carry `nonce`, the one the answer's Content-Security-Policy names.
 */
export type PageHandler = (request: Request, nonce: string, formRefusal?: FormRefusal) => Promise<Response>;

/**
 * The client address used for rate limits. A forwarding header is believed only when the operator named
 * it (TRUSTED_PROXY_HEADER); for X-Forwarded-For the right-most entry is the one our proxy appended.
 */
function clientIp(c: Context<AppBindings>, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    const candidate = value?.split(",").at(-1)?.trim();
    if (candidate) return candidate;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * better-auth's 429 is `{message}` with a non-standard X-Retry-After. Answer in the one error shape (keeping
 * `message`, which better-auth's client reads) with a standard Retry-After.
 */
function rateLimitedAuthResponse(response: Response): Response {
  const retryAfter = response.headers.get("x-retry-after") ?? "60";
  const message = tooManyAttemptsMessage(retryAfter);
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.set("retry-after", retryAfter);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...errorBody("RATE_LIMITED", message), message }), { status: 429, headers });
}

async function isInvalidOrigin(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === "object" && body !== null && "code" in body && body.code === "INVALID_ORIGIN";
}

function invalidOriginResponse(publicUrl: string): Response {
  const message = invalidOriginMessage(publicUrl);
  return new Response(JSON.stringify({ ...errorBody("FORBIDDEN", message), message }), {
    status: 403,
    headers: { "content-type": "application/json" },
  });
}

/** Origins already named in the log, so a page left open at a wrong address does not fill it. */
const MAX_ORIGINS_LOGGED = 100;

export type AppOptions = {
  pages?: PageHandler;
  staticDir?: string;
  /**
   * Pages come from Vite's dev server (`npm run dev`), whose un-nonced HMR scripts need the relaxed script policy. Only
   * that server says so: NODE_ENV alone once relaxed the policy of every board started without NODE_ENV=production.
   */
  viteDevServer?: boolean;
};

export function createApp(services: AppServices, { pages, staticDir, viteDevServer = false }: AppOptions = {}) {
  const app = new Hono<AppBindings>();

  // Counted for /metrics, when someone reads it: the route's pattern, never the raw path, so an id or a query adds no
  // series (ADR 37); outermost, so the time includes compression and the headers below.
  if (services.metrics.counting) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      services.metrics.observeRequest(c.req.method, routePath(c), c.res.status, (performance.now() - started) / 1000);
    });
  }

  // Baseline browser protections (nosniff, no framing by other sites). Referrer-Policy keeps the origin so the
  // employers' apply pages can see applicants came from this board; HSTS only when we are served over https.
  app.use(
    secureHeaders({
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: services.env.PUBLIC_URL.startsWith("https://")
        ? "max-age=15552000; includeSubDomains"
        : false,
      crossOriginResourcePolicy: "same-site",
    }),
  );

  // JSON in one piece, pages and feeds as they stream; the fingerprinted assets were compressed at build time.
  app.use(compressResponses());

  /** A page, with this answer's nonce in its policy; `formRefusal` is a refused form post for its route's action. */
  const renderPage = async (render: PageHandler, request: Request, formRefusal?: FormRefusal) => {
    const nonce = newNonce();
    const response = await render(request, nonce, formRefusal);
    if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
    const html = new Response(response.body, response);
    html.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { development: viteDevServer }));
    html.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    return html;
  };

  app.use(async (c, next) => {
    c.set("services", services);
    c.set("clientIp", clientIp(c, services.env.TRUSTED_PROXY_HEADER));
    if (pages) {
      // The form's body is read already: the page is asked with the post's headers alone, and the refusal. Its action
      // only shows the refusal, and the post's origin was checked before any route (ADR 63): React Router's own
      // Origin check, which compares it with the Host a proxy may have changed, is not asked again.
      c.set("renderRefusal", (refusal) => {
        const headers = new Headers(c.req.raw.headers);
        for (const name of ["content-type", "content-length", "transfer-encoding", "origin"]) headers.delete(name);
        return renderPage(pages, new Request(c.req.url, { method: "POST", headers }), refusal);
      });
    }
    await next();
  });

  const originsLogged = new Set<string>();
  /** Whoever opened the board at another address than PUBLIC_URL is told so; its operator, once per origin, too. */
  const warnForeignOrigin = (origin: string) => {
    if (originsLogged.has(origin) || originsLogged.size >= MAX_ORIGINS_LOGGED) return;
    originsLogged.add(origin);
    services.logger.warn(
      { origin, publicUrl: services.env.PUBLIC_URL },
      `A write was sent from ${origin}, but this board answers at PUBLIC_URL=${services.env.PUBLIC_URL}. Open the board at that address, or set PUBLIC_URL to the address people use.`,
    );
  };

  // Every write, API, form post and page action alike, comes from the board's own pages or names none and carries
  // no cookie (ADR 63); before the routes, so a refused one touches nothing.
  app.use(sameOriginWrites({ publicUrl: services.env.PUBLIC_URL, onRefused: warnForeignOrigin }));

  app.use(publicReadCors);

  // A write's statements share one connection (ADR 51). Not a sign-in's or a sign-up's: their password hash takes
  // longer than a kept connection waits idle. The anonymous reads queue for connections by when they arrived (ADR 52).
  app.use(async (c, next) => {
    const write = c.req.method !== "GET" && c.req.method !== "HEAD" && !c.req.path.startsWith("/api/auth/");
    await servingInArrivalOrder(() => (write ? keepingOneConnection(next) : next()));
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Sign-up is one of the forms bots fill (ADR 41); sign-in is held off by better-auth's own limits.
    if (c.req.method === "POST" && c.req.path === "/api/auth/sign-up/email") await spendChallenge(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const response = await services.auth.handler(new Request(c.req.raw, { headers }));
    if (response.status === 429) return rateLimitedAuthResponse(response);
    // better-auth's own check stays: it also weighs the callback addresses a sign-in names.
    if (await isInvalidOrigin(response)) {
      warnForeignOrigin(c.req.header("origin") ?? "(none)");
      return invalidOriginResponse(services.env.PUBLIC_URL);
    }
    return response;
  });

  app.route("/api", healthApi);
  app.route("/api", challengeApi);
  app.route("/api", jobsApi);
  app.route("/api", companiesApi);
  app.route("/api", sourcesApi);
  app.route("/api", contactApi);
  app.route("/api", blogApi);
  app.route("/api", openApiRoutes);
  app.route("/api", alertsApi);

  app.route("/feeds", feedsRoutes);
  app.route("/", contactFormPost);
  app.route("/", reportFormPost);
  app.route("/", jobFormPosts);
  app.route("/", alertFormPost);
  app.route("/", loginFormPost);
  app.route("/", passwordResetFormPosts);
  app.route("/alerts", alertPages);
  app.route("/api", applicationsApi);
  app.route("/applications", applicationPages);
  app.route("/api", listingLifeApi);
  app.route("/renew", renewalPages);
  app.route("/api", adminApi);

  app.all("/api/*", (c) => jsonError(c, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`));

  const metricsToken = services.env.METRICS_TOKEN;
  if (metricsToken) {
    app.get("/metrics", async (c) => {
      if (!metricsAuthorised(c.req.header("authorization"), metricsToken))
        return jsonError(c, "UNAUTHENTICATED", "Send METRICS_TOKEN as a Bearer token to read the metrics");
      return c.body(await services.metrics.render(), 200, { "content-type": services.metrics.contentType });
    });
  }

  if (staticDir) {
    // Vite fingerprints everything under /assets, so those files can be cached for good.
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("*", serveStatic({ root: staticDir, precompressed: true }));
  }

  if (pages) {
    app.all("*", async (c) => {
      // A form post's action (the apply page) counts per client, so it is told the address, as better-auth is; a
      // value the client sent in this header itself is overwritten. So is a job page, which counts a view per person
      // (issue 32). Other reads go through untouched.
      let request = c.req.raw;
      if ((request.method !== "GET" && request.method !== "HEAD") || c.req.path.startsWith("/jobs/")) {
        const headers = new Headers(request.headers);
        headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
        request = new Request(request, { headers });
      }
      return renderPage(pages, request);
    });
  }

  app.onError((error, c) => {
    if (isDomainError(error)) return errorResponse(c, error);
    if (isDatabaseUnavailable(error)) {
      services.logger.warn({ err: error, path: c.req.path }, "database unavailable");
      c.header("Retry-After", "5");
      return jsonError(
        c,
        "SERVICE_UNAVAILABLE",
        "The service is briefly unavailable; please try again in a few seconds",
      );
    }
    services.logger.error({ err: error, path: c.req.path }, "request failed");
    return jsonError(c, "INTERNAL", "Something went wrong on our side; please try again");
  });

  return app;
}
