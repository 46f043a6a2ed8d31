import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { CLIENT_IP_HEADER } from "./auth";
import { healthApi } from "./api/health";
import { jobsApi } from "./api/jobs";
import { sourcesApi } from "./api/sources";
import { blogApi } from "./api/blog";
import { contactApi } from "./api/contact";
import { ApiError, errorResponse } from "./errors";
import type { AppBindings } from "./http/types";
import type { AppServices } from "./services";

/** Renders every non-API path; in production the React Router build, in development Vite's. */
export type PageHandler = (request: Request) => Promise<Response>;

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
  const message = `Too many attempts from your network. Try again in ${retryAfter} seconds.`;
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.set("retry-after", retryAfter);
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message }, message }), { status: 429, headers });
}

export type AppOptions = { pages?: PageHandler; staticDir?: string };

export function createApp(services: AppServices, { pages, staticDir }: AppOptions = {}) {
  const app = new Hono<AppBindings>();

  // Baseline browser protections (nosniff, no framing by other sites). Referrer-Policy keeps the origin so the
  // employers' apply pages can see applicants came from this board; HSTS only when we are served over https.
  app.use(
    secureHeaders({
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: services.env.PUBLIC_URL.startsWith("https://") ? "max-age=15552000; includeSubDomains" : false,
      crossOriginResourcePolicy: "same-site",
    }),
  );

  app.use(async (c, next) => {
    c.set("services", services);
    c.set("clientIp", clientIp(c, services.env.TRUSTED_PROXY_HEADER));
    await next();
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const response = await services.auth.handler(new Request(c.req.raw, { headers }));
    return response.status === 429 ? rateLimitedAuthResponse(response) : response;
  });

  app.route("/api", healthApi);
  app.route("/api", jobsApi);
  app.route("/api", sourcesApi);
  app.route("/api", contactApi);
  app.route("/api", blogApi);

  app.all("/api/*", (c) => errorResponse(c, new ApiError(404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`)));

  if (staticDir) {
    // Vite fingerprints everything under /assets, so those files can be cached for good.
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("*", serveStatic({ root: staticDir }));
  }

  if (pages) app.all("*", (c) => pages(c.req.raw));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    services.logger.error({ err: error, path: c.req.path }, "request failed");
    return errorResponse(c, new ApiError(500, "INTERNAL", "Something went wrong on our side; please try again"));
  });

  return app;
}
