import type { ErrorCode, FieldErrors } from "#shared/errors.ts";

/**
 * The honeypot of the forms a browser may post without JavaScript (ADR 41): a field people never see and
 * form-filling bots fill. A post with it filled is answered like a success and stored nowhere.
 */
export const HONEYPOT_FIELD = "website";

/**
 * A form posted without JavaScript and refused, as its page shows it again (posting a job: what was typed is too long
 * to travel in an address): the domain's code and words, a message per field, and every field as it was sent.
 */
export type FormRefusal = { code: ErrorCode; message: string; fields: FieldErrors; values: Record<string, string> };
