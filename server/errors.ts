import type { z } from "zod";
import { fieldErrors, type ErrorCode, type FieldErrors } from "#shared/errors.ts";

/**
 * What a domain refuses, in its own terms: a code from the shared table, a message a person can act on, and the
 * fields at fault. Domains never speak HTTP; the API's error handler and the page loaders map the code to a status.
 */
export class DomainError extends Error {
  override readonly name = "DomainError";

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** For RATE_LIMITED: when the caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Not `instanceof`: the React Router build and the server may each hold a copy of this module, and an error thrown
 * by one must still be recognised by the other.
 */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && error.name === "DomainError" && "code" in error;
}

export const notFound = (message = "Not found") => new DomainError("NOT_FOUND", message);
export const forbidden = (message = "You are not allowed to do that") => new DomainError("FORBIDDEN", message);
export const secondFactorRequired = () =>
  new DomainError("SECOND_FACTOR_REQUIRED", "Turn on two-step sign-in for your account to use its admin rights");
export const unauthenticated = (message = "Sign in first") => new DomainError("UNAUTHENTICATED", message);
export const invalid = (message: string, fields?: FieldErrors) => new DomainError("VALIDATION_FAILED", message, fields);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("RATE_LIMITED", message, undefined, retryAfterSeconds);

export function validationFailed(error: z.ZodError, message = "Some fields are not valid") {
  return invalid(message, fieldErrors(error.issues));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}
