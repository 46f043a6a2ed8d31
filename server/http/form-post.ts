import type { Context } from "hono";
import type { ErrorCode } from "#shared/errors.ts";
import { HONEYPOT_FIELD } from "#shared/form-post.ts";
import { isDomainError } from "#server/errors.ts";
import { readFormFields } from "#server/http/body.ts";
import type { AppBindings } from "#server/http/types.ts";

/**
 * A form a browser posts itself, without JavaScript, to the page it is on (ADR 41). It carries no proof of work, so
 * the honeypot and the domain's own per-address limit hold it. The answer sends the browser back to the page (303,
 * so a reload does not post again), with the outcome in the address for the page to show: `sent`, or the refusal
 * `refusals` names for the domain's error code. A refusal it does not name is answered in the one error shape.
 */
export async function answerFormPost<Refusal extends string>(
  c: Context<AppBindings>,
  {
    submit,
    refusals,
    back,
  }: {
    submit: (fields: Record<string, string>) => Promise<unknown>;
    refusals: Partial<Record<ErrorCode, Refusal>>;
    back: (outcome: "sent" | Refusal, fields: Record<string, string>) => string;
  },
): Promise<Response> {
  const { [HONEYPOT_FIELD]: honeypot, ...fields } = await readFormFields(c);
  if (honeypot) return c.redirect(back("sent", fields), 303);
  try {
    await submit(fields);
    return c.redirect(back("sent", fields), 303);
  } catch (error) {
    const refusal = isDomainError(error) ? refusals[error.code] : undefined;
    if (!refusal) throw error;
    return c.redirect(back(refusal, fields), 303);
  }
}
