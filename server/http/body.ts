import type { Context } from "hono";
import { ApiError } from "../errors";

export const MAX_JSON_BODY_BYTES = 100 * 1024;

/** Reads a JSON object body, turning every client mistake into a 4xx in the one error shape. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON (Content-Type: application/json)");
  }
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_JSON_BODY_BYTES) throw tooLarge();
  const text = await readLimited(c.req.raw, MAX_JSON_BODY_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "The body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "VALIDATION_FAILED", "The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

const tooLarge = () =>
  new ApiError(413, "PAYLOAD_TOO_LARGE", `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`);

/**
 * A body without Content-Length (chunked) is counted as it arrives, so an endless upload is cut off at
 * the limit instead of being buffered in memory first.
 */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
