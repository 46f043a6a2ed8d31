/**
 * The OpenAPI door: the document built from one table of operations, its reference page, and which reads are public
 * (CORS opens exactly those).
 */
export { openApiDocument } from "#server/openapi/document.ts";
export { docsPageHtml } from "#server/openapi/docs-page.ts";
export { PUBLIC_READS } from "#server/openapi/operations.ts";
