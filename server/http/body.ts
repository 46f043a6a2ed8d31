import type { Context } from "hono";
import { DomainError, invalid } from "#server/errors.ts";
import { boundaryOf, MalformedMultipart, type MultipartPart, parseMultipart } from "#server/http/multipart.ts";
import { readCapped } from "#server/http/read-capped.ts";

export const MAX_JSON_BODY_BYTES = 100 * 1024;

/** What a body may be: the types it may come as, what to say to a client sending another, and its size limit. */
type BodyRule = { accepted: RegExp; wrongType: string; limit: number; tooLarge: () => DomainError };

/**
 * The body's bytes, once its type is one the rule accepts and it fits the limit: a body that says or turns out to be
 * larger is refused before it is parsed, so a large upload is never held in memory.
 */
async function readBody(request: Request, rule: BodyRule): Promise<{ type: string; bytes: Buffer<ArrayBuffer> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!rule.accepted.test(type)) throw new DomainError("UNSUPPORTED_MEDIA_TYPE", rule.wrongType);
  if (Number(request.headers.get("content-length") ?? 0) > rule.limit) throw rule.tooLarge();
  return { type, bytes: await readCapped(request.body, rule.limit, rule.tooLarge) };
}

const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`);

/** Reads a JSON object body, turning every client mistake into a 4xx in the one error shape. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const { bytes } = await readBody(c.req.raw, {
    accepted: /^application\/json\b/i,
    wrongType: "Send the body as JSON (Content-Type: application/json)",
    limit: MAX_JSON_BODY_BYTES,
    tooLarge,
  });
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError("MALFORMED_JSON", "The body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalid("The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * Reads a form post (urlencoded, or multipart when the rule accepts it) within the rule's limit. A body the form parser
 * cannot read is the client's mistake, a 400, not a crash.
 */
export async function readFormData(request: Request, rule: BodyRule): Promise<FormData> {
  const { type, bytes } = await readBody(request, rule);
  try {
    return await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": type },
      body: bytes,
    }).formData();
  } catch {
    throw invalid("The form could not be read");
  }
}

/**
 * Reads a multipart/form-data post within the rule's limit into its parts, each a view of the body's bytes: for a body
 * carrying a file, which the form parser would copy twice more.
 */
export async function readMultipart(request: Request, rule: BodyRule): Promise<MultipartPart[]> {
  const { type, bytes } = await readBody(request, rule);
  const boundary = boundaryOf(type);
  if (!boundary || !/^multipart\/form-data\b/i.test(type))
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", rule.wrongType);
  try {
    return parseMultipart(bytes, boundary);
  } catch (error) {
    if (error instanceof MalformedMultipart) throw invalid("The form could not be read");
    throw error;
  }
}

/** Reads an HTML form post (urlencoded or multipart) into its text fields. */
export async function readFormFields(c: Context): Promise<Record<string, string>> {
  const form = await readFormData(c.req.raw, {
    accepted: /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i,
    wrongType: "Send the body as a form (Content-Type: application/x-www-form-urlencoded)",
    limit: MAX_JSON_BODY_BYTES,
    tooLarge,
  });
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}
