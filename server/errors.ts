import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export type ErrorCode =
  | "VALIDATION_FAILED"
  | "MALFORMED_JSON"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

/** The one JSON error shape of DESIGN.md: `{ error: { code, message, fields? } }`. */
export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "NOT_FOUND", message);
export const forbidden = (message = "You are not allowed to do that") => new ApiError(403, "FORBIDDEN", message);
export const unauthenticated = (message = "Sign in first") => new ApiError(401, "UNAUTHENTICATED", message);

/** First message per field, keyed by the dotted path (`skills.0.value`), for forms to show inline. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationFailed(error: z.ZodError, message = "Some fields are not valid") {
  return new ApiError(400, "VALIDATION_FAILED", message, fieldErrors(error));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

export function errorResponse(c: Context, error: ApiError) {
  return c.json(error.toBody(), error.status);
}
