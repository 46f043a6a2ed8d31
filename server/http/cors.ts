import type { MiddlewareHandler } from "hono";
import { PUBLIC_READS } from "#server/openapi.ts";
import type { AppBindings } from "#server/http/types.ts";

const EXPOSED = "X-Total-Count, X-Total-Count-Exact, X-Next-Cursor, Link";

/**
 * Anonymous reads (the OpenAPI document's GETs that need no session) may be called from any origin: they carry no
 * cookies and change nothing. Everything else, writes above all, gets no CORS header, so a browser on another site
 * cannot call it, and a preflight for it is answered without permission.
 */
export const publicReadCors: MiddlewareHandler<AppBindings> = async (c, next) => {
  const isPublicRead = PUBLIC_READS.some((pattern) => pattern.test(c.req.path));
  if (isPublicRead && c.req.method === "OPTIONS") {
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, HEAD",
      "Access-Control-Max-Age": "86400",
    });
  }
  // Set before the answer exists: a header set after it makes Hono copy the whole Response.
  if (isPublicRead && (c.req.method === "GET" || c.req.method === "HEAD")) {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Access-Control-Expose-Headers", EXPOSED);
  }
  await next();
};
