import type { betterAuth } from "better-auth";
import {
  invalidOriginMessage,
  PASSWORD_RESET_WORDS,
  RESET_PASSWORD_PATH,
  tooManyAttemptsMessage,
  VERIFIED_LANDING,
} from "#shared/session.ts";
import { DomainError, invalid, rateLimited, unauthenticated } from "#server/errors.ts";

type Handler = ReturnType<typeof betterAuth>["handler"];

/** What a sign-in form post hands to better-auth as the browser sent it: who, from where, with which cookies. */
export type FormPost = { fields: Record<string, string>; headers: Headers; clientIp: string };

/**
 * The login page's forms, and the password reset's, sent by a browser without JavaScript (ADR 41). Each goes to the
 * endpoint the page's script calls, through better-auth's own handler, so better-auth's per-address limits, its Origin
 * check and the two-factor challenge hold exactly as for the script; only the proof of work, which sits in front of the
 * JSON sign-up route, is not asked. Each resolves to the cookies to set, or throws the refusal as a domain error.
 */
export function authFormPosts({
  handler,
  publicUrl,
  clientIpHeader,
  limitSignUpWithoutScripts = async () => {},
}: {
  handler: Handler;
  publicUrl: string;
  clientIpHeader: string;
  /** A no-script sign-up carries no proof of work: a strict limit per client address holds it instead (issue 71). */
  limitSignUpWithoutScripts?: (clientIp: string) => Promise<void>;
}) {
  /** `words` gives the page's own words for a refusal of what was typed (400), by better-auth's code. */
  async function call(
    path: string,
    body: Record<string, unknown>,
    { headers, clientIp }: FormPost,
    words: (code: unknown) => string | undefined = () => undefined,
  ) {
    const forwarded = new Headers({ "content-type": "application/json", [clientIpHeader]: clientIp });
    for (const header of ["origin", "cookie", "user-agent"]) {
      const value = headers.get(header);
      if (value) forwarded.set(header, value);
    }
    const response = await handler(
      new Request(`${publicUrl}/api/auth${path}`, { method: "POST", headers: forwarded, body: JSON.stringify(body) }),
    );
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const invalidInput = response.status === 400 || response.status === 422;
      throw refusal(response, { ...answer, message: (invalidInput && words(answer.code)) || answer.message });
    }
    return { cookies: response.headers.getSetCookie(), answer };
  }

  function refusal(response: Response, { code, message: said }: { code?: unknown; message?: unknown }): Error {
    const message = typeof said === "string" ? said : "That did not work";
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get("x-retry-after") ?? 60);
      return rateLimited(tooManyAttemptsMessage(retryAfter), retryAfter);
    }
    if (typeof code === "string" && code.startsWith("USER_ALREADY_EXISTS")) return new DomainError("CONFLICT", message);
    if (response.status === 400 || response.status === 422) return invalid(message);
    // A wrong password or code, or a two-step sign-in that took too long.
    if (response.status === 401) return unauthenticated(message);
    // Sent from another origin than PUBLIC_URL (better-auth's check), or a suspended account.
    if (response.status === 403)
      return new DomainError("FORBIDDEN", code === "INVALID_ORIGIN" ? invalidOriginMessage(publicUrl) : message);
    return new Error(`better-auth answered a form post to ${response.url} with ${response.status}: ${message}`);
  }

  const agreed = ({ fields }: FormPost) => {
    if (fields.terms !== "yes") throw invalid("Agree to the Terms and Conditions first");
  };

  return {
    /**
     * A new account, answered alike whether or not the address has one (better-auth mails its owner instead), then a
     * sign-in with the same address and password, as the page's script does: it starts the session of a new account
     * (or of an owner who typed their own password), and fails for anyone else's (`mailed`: the page says to check the
     * mail). That sign-in tells no more than the sign-in form itself would.
     */
    async signUp(post: FormPost): Promise<{ cookies: string[]; secondStep: boolean; mailed: boolean }> {
      agreed(post);
      await limitSignUpWithoutScripts(post.clientIp);
      const email = (post.fields.email ?? "").trim();
      // As the page's script does: a name left empty is the address's local part.
      const name = (post.fields.name ?? "").trim() || email.split("@")[0] || email;
      const password = post.fields.password ?? "";
      await call("/sign-up/email", { email, password, name, callbackURL: VERIFIED_LANDING }, post);
      try {
        const { cookies, answer } = await call("/sign-in/email", { email, password }, post);
        return { cookies, secondStep: answer.twoFactorRedirect === true, mailed: false };
      } catch (error) {
        if (error instanceof DomainError && error.code === "UNAUTHENTICATED")
          return { cookies: [], secondStep: false, mailed: true };
        throw error;
      }
    },

    /**
     * A password sign-in. For an account with two-step sign-in better-auth starts no session: it answers
     * `twoFactorRedirect` with its challenge cookie, and the browser is sent on for the code (`secondStep`).
     */
    async signIn(post: FormPost): Promise<{ cookies: string[]; secondStep: boolean }> {
      agreed(post);
      const body = { email: (post.fields.email ?? "").trim(), password: post.fields.password ?? "" };
      const { cookies, answer } = await call("/sign-in/email", body, post);
      return { cookies, secondStep: answer.twoFactorRedirect === true };
    },

    /** The second step: a code from the authenticator app, or a recovery code, against the challenge cookie. */
    async finishSecondStep(post: FormPost): Promise<string[]> {
      const recovery = post.fields.intent === "recovery-code";
      const typed = (post.fields.code ?? "").trim();
      if (!typed) throw invalid("Enter the code");
      const path = recovery ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
      return (await call(path, { code: recovery ? typed : typed.replace(/\s/g, "") }, post)).cookies;
    },

    /**
     * "Forgot password?": better-auth mails a reset link when the address has an account, and answers the same when it
     * has none, so the answer tells nobody who has one.
     */
    async requestPasswordReset(post: FormPost): Promise<void> {
      const body = { email: (post.fields.email ?? "").trim(), redirectTo: RESET_PASSWORD_PATH };
      await call("/request-password-reset", body, post, () => PASSWORD_RESET_WORDS.invalidEmail);
    },

    /** A new password, with the mailed link's token: good once, for an hour. Every session of the account ends. */
    async resetPassword(post: FormPost): Promise<void> {
      const body = { newPassword: post.fields.password ?? "", token: post.fields.token ?? "" };
      await call("/reset-password", body, post, (code) => {
        if (code === "PASSWORD_TOO_SHORT") return PASSWORD_RESET_WORDS.tooShort;
        if (code === "PASSWORD_TOO_LONG") return PASSWORD_RESET_WORDS.tooLong;
        return PASSWORD_RESET_WORDS.expired;
      });
    },
  };
}
