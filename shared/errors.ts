import { z } from "zod";

/**
 * The one error vocabulary of the JSON API (DESIGN.md): `{ error: { code, message, fields? } }`, and the one table that
 * gives each code its HTTP status. Domain code throws codes; the API and the page loaders turn them into statuses here.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** A form post to the JSON API without a good, unspent proof-of-work solution (ADR 41). */
  CHALLENGE_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An admin who has not turned on a second factor yet, while ADMIN_REQUIRE_2FA is on. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string>;

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The one error shape of every 4xx and 5xx answer: the OpenAPI document's `Error`, and what the browser reads. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().describe("One message per invalid field, keyed by its path"),
    }),
  })
  .meta({ id: "Error", title: "Error" });

export type ErrorBody = z.output<typeof errorBodySchema>;

export function errorBody(code: ErrorCode, message: string, fields?: FieldErrors): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** First message per field, keyed by the dotted path (`skills.0.value`): what the API sends in `error.fields`. */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A form shows one message per input: `skills.0.value` belongs to the `skills` field. */
export function messagesByField(fields: FieldErrors): FieldErrors {
  const byField: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) byField[path.split(".")[0] ?? path] ??= message;
  return byField;
}
