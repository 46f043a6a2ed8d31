import { escapeHtml } from "#shared/html.ts";
import type { OpenApiDocument } from "#server/openapi/document.ts";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

/** "string, one of: Full-time, Part-time; default all" — a parameter's schema in a line. */
function schemaSummary(schema: Schema): string {
  const parts = [String(schema.type ?? "any")];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${schema.enum.join(", ")}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${schema.minimum ?? ""}–${schema.maximum ?? ""}`);
  if (schema.maxLength !== undefined) parts.push(`at most ${String(schema.maxLength)} characters`);
  if (schema.format) parts.push(String(schema.format));
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join("; ");
}

const refName = (schema: Schema | undefined): string => {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1) ?? "";
  if (schema.type === "array" && schema.items) return `array of ${refName(schema.items as Schema)}`;
  return String(schema.type ?? "");
};

const anchor = (name: string) => `schema-${name}`;
const linkSchema = (schema: Schema | undefined) => {
  const name = refName(schema);
  const target = name.replace(/^array of /, "");
  return /^[A-Z]/.test(target)
    ? `${name.startsWith("array of ") ? "array of " : ""}<a href="#${anchor(target)}">${escapeHtml(target)}</a>`
    : escapeHtml(name);
};

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content["application/json"]?.schema;
  return `<section id="${escapeHtml(op.operationId)}" aria-labelledby="${escapeHtml(op.operationId)}-title">
<h3 id="${escapeHtml(op.operationId)}-title"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}.${op.description ? ` ${escapeHtml(op.description)}` : ""}${op.security ? " <strong>Needs a signed-in user.</strong>" : ""}</p>
${
  params.length
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Schema</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? " (required)" : ""}</td><td>${p.in}</td><td>${escapeHtml(schemaSummary(p.schema))}${p.description ? `. ${escapeHtml(p.description)}` : ""}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : ""
}
${body ? `<details><summary>Request body (JSON)</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ""}
<table><caption>Answers</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${Object.entries(
    op.responses,
  )
    .map(([status, answer]) => {
      const [media, content] = Object.entries(answer.content ?? {})[0] ?? [];
      return `<tr><td>${status}</td><td>${escapeHtml(answer.description)}</td><td>${media === "application/json" ? linkSchema(content?.schema) : escapeHtml(media ?? "")}</td></tr>`;
    })
    .join("")}</tbody></table>
</section>`;
}

/**
 * /api/docs: the OpenAPI document as a page, rendered on the server from the document itself, so it needs no
 * script, no CDN and no network: it works offline and under the site's content security policy.
 */
export function docsPageHtml(document: OpenApiDocument): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="${anchor(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#0f172a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f1f5f9;padding:.75rem;overflow:auto;border-radius:.5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;font-weight:600}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #e2e8f0;padding-top:.5rem}.method{display:inline-block;min-width:4rem;font-size:.8em;padding:0 .3rem;border-radius:.25rem;color:#fff;background:#1d4ed8}
.post{background:#15803d}.patch{background:#a16207}.delete{background:#b91c1c}
</style>
</head>
<body>
<header><h1>${escapeHtml(document.info.title)} reference</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p></header>
<main>
<nav aria-label="Operations"><ul>${[...byTag.keys()].map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join("")}<li><a href="#schemas">Schemas</a></li></ul></nav>
${[...byTag.entries()].map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join("\n")}`).join("\n")}
<h2 id="schemas">Schemas</h2>
${schemas}
</main>
</body>
</html>
`;
}
