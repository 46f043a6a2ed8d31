import type { Context } from "hono";
import { ERROR_STATUS, errorBody, type ErrorCode } from "#shared/errors.ts";
import type { DomainError } from "#server/errors.ts";

/** Any answer in the one error shape, with its status from the one table. */
export function jsonError(c: Context, code: ErrorCode, message: string, fields?: Record<string, string>) {
  return c.json(errorBody(code, message, fields), ERROR_STATUS[code]);
}

export function errorResponse(c: Context, error: DomainError) {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  return jsonError(c, error.code, error.message, error.fields);
}
