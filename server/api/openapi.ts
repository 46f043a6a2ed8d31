import { Hono } from "hono";
import { contentSecurityPolicy, newNonce } from "#server/http/csp.ts";
import type { AppBindings } from "#server/http/types.ts";
import { docsPageHtml, openApiDocument } from "#server/openapi.ts";

/** The document depends only on the code and PUBLIC_URL: built once per address. */
const documents = new Map<string, ReturnType<typeof openApiDocument>>();
function documentFor(baseUrl: string) {
  const document = documents.get(baseUrl) ?? openApiDocument(baseUrl);
  documents.set(baseUrl, document);
  return document;
}

/** The public API described: the OpenAPI document, and the same as a page people read. */
export const openApiRoutes = new Hono<AppBindings>()
  .get("/openapi.json", (c) => c.json(documentFor(c.get("services").env.PUBLIC_URL)))
  .get("/docs", (c) => {
    const html = docsPageHtml(documentFor(c.get("services").env.PUBLIC_URL));
    // The page runs no script; it carries the site's policy all the same, so nothing could run if it did.
    return c.html(html, 200, { "Content-Security-Policy": contentSecurityPolicy(newNonce()) });
  });
