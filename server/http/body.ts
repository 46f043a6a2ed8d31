import type { Context } from "hono";
import { DomainError, invalid } from "#server/errors.ts";
import { readCapped } from "#server/http/read-capped.ts";

export const MAX_JSON_BODY_BYTES = 100 * 1024;

/** The body's bytes, once its type is one `accepted` names and it fits the limit; `asked` says what to send instead. */
async function readBody(
  c: Context,
  accepted: RegExp,
  asked: string,
): Promise<{ type: string; bytes: Uint8Array<ArrayBuffer> }> {
  const type = c.req.header("content-type") ?? "";
  if (!accepted.test(type)) throw new DomainError("UNSUPPORTED_MEDIA_TYPE", `Send the body as ${asked}`);
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_JSON_BODY_BYTES) throw tooLarge();
  return { type, bytes: await readCapped(c.req.raw.body, MAX_JSON_BODY_BYTES, tooLarge) };
}

/** Reads a JSON object body, turning every client mistake into a 4xx in the one error shape. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const { bytes } = await readBody(c, /^application\/json\b/i, "JSON (Content-Type: application/json)");
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
 * Reads an HTML form post (urlencoded or multipart) into its text fields. A body the form parser cannot read is the
 * client's mistake, a 400, not a crash.
 */
export async function readFormFields(c: Context): Promise<Record<string, string>> {
  const { type, bytes } = await readBody(
    c,
    /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i,
    "a form (Content-Type: application/x-www-form-urlencoded)",
  );
  let form: FormData;
  try {
    form = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": type },
      body: bytes,
    }).formData();
  } catch {
    throw invalid("The form could not be read");
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`);
