import { z } from "zod";
import { errorBodySchema } from "#shared/errors.ts";
import { ERROR_STATUS } from "#shared/errors.ts";
import { OPERATIONS, type Answer, type Operation } from "#server/openapi/operations.ts";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as OpenAPI 3.1's JSON Schema (draft 2020-12). Named schemas (`.meta({ id })`) move to
 * components.schemas and are referenced from there. Requests are described as input (what a client sends; fields
 * with defaults optional), answers as output.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const toComponents = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] ??= toComponents(definition);
  return toComponents(rest);
}

const errorRef = { $ref: "#/components/schemas/Error" };

function answer(status: number, { description, json, media, headers }: Answer, components: Record<string, JsonSchema>) {
  const content = json
    ? { "application/json": { schema: toSchema(json, "output", components) } }
    : media
      ? { [media]: { schema: { type: media.endsWith("json") ? "object" : "string" } } }
      : { "application/json": { schema: errorRef } };
  return {
    description:
      status >= 400
        ? `${description} (${Object.entries(ERROR_STATUS)
            .filter(([, s]) => s === status)
            .map(([code]) => code)
            .join(" or ")})`
        : description,
    content: status >= 400 ? { "application/json": { schema: errorRef } } : content,
    ...(headers
      ? {
          headers: Object.fromEntries(
            Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: "string" } }]),
          ),
        }
      : {}),
  };
}

function operation(op: Operation, components: Record<string, JsonSchema>) {
  const query = Object.entries(op.query?.shape ?? {}).map(([name, schema]) => {
    const json = toSchema(schema as z.ZodType, "input", components);
    return {
      name,
      in: "query",
      required: false,
      ...(typeof json.description === "string" ? { description: json.description } : {}),
      schema: json,
    };
  });
  const params = Object.entries(op.params ?? {}).map(([name, schema]) => {
    const json = toSchema(schema, "input", components);
    return {
      name,
      in: "path",
      required: true,
      ...(typeof json.description === "string" ? { description: json.description } : {}),
      schema: json,
    };
  });
  const answers = { ...op.answers, 500: { description: "Something went wrong on our side" } };
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(op.auth ? { security: [{ bearer: [] }, { session: [] }] } : {}),
    ...(query.length + params.length > 0 ? { parameters: [...params, ...query] } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { [op.bodyMedia ?? "application/json"]: { schema: toSchema(op.body, "input", components) } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(answers).map(([status, value]) => [status, answer(Number(status), value as Answer, components)]),
    ),
  };
}

/** The OpenAPI 3.1 document of the public API, generated from the zod schemas the server validates with. */
export function openApiDocument(baseUrl: string) {
  const components: Record<string, JsonSchema> = {};
  // The one error shape is named (Error), so converting it files it under components.schemas.
  toSchema(errorBodySchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op, components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Job Board API",
      version: "1",
      description:
        'Read the board\'s own listings (never the mirrored external ones), its feeds and blog; signed-in employers post and manage listings. Every error answers `{"error":{"code","message","fields?"}}`. Anonymous GETs may be called from any origin; writes may not.',
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: "Jobs" },
      { name: "Companies" },
      { name: "Applications" },
      { name: "Feeds" },
      { name: "Alerts" },
      { name: "Blog" },
      { name: "Contact" },
      { name: "Service" },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The set-auth-token header of a sign-in (POST /api/auth/sign-in/email)",
        },
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
