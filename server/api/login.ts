import { Hono } from "hono";
import { answerFormPost } from "#server/http/form-post.ts";
import type { AppBindings } from "#server/http/types.ts";
import { safeRedirectPath } from "#shared/redirect-path.ts";
import { SECOND_STEP_PATH, type LoginFormRefusal } from "#shared/session.ts";

/** Where the visitor was going, by the page's own rule: a forged one (another host's, too long) is dropped. */
const goingTo = (fields: Record<string, string>) => safeRedirectPath(fields.from, "") || undefined;

/** The login page again, saying how it went and keeping where the visitor was going. */
function loginPage(base: string, outcome: Record<string, string>, fields: Record<string, string>): string {
  const url = new URL(base, "http://board.invalid");
  for (const [key, value] of Object.entries(outcome)) url.searchParams.set(key, value);
  const from = goingTo(fields);
  if (from) url.searchParams.set("from", from);
  return `${url.pathname}${url.search}`;
}

/**
 * `POST /login`: the login page's forms sent by a browser without JavaScript (ADR 41), told apart by the button pressed
 * (`intent`): sign in, create an account (the default, as the first such form had no button name), or give the second
 * step's code. No proof of work: the honeypot and better-auth's own limits hold them. A session's cookies (or the
 * two-step challenge's) come back with the way back to the page, which says how it went and links on to where the
 * visitor was going (`from`). An account with two-step sign-in is sent on for its code, with no session until then.
 */
export const loginFormPost = new Hono<AppBindings>().post("/login", (c) => {
  const { formPosts } = c.get("services").sessions;
  const post = (fields: Record<string, string>) => ({
    fields,
    headers: c.req.raw.headers,
    clientIp: c.get("clientIp"),
  });
  const setCookies = (cookies: string[]) => {
    for (const cookie of cookies) c.header("set-cookie", cookie, { append: true });
  };
  return answerFormPost<LoginFormRefusal, { secondStep: boolean; mailed?: boolean }>(c, {
    submit: async (fields) => {
      if (fields.intent === "sign-in") {
        const { cookies, secondStep } = await formPosts.signIn(post(fields));
        setCookies(cookies);
        return { secondStep };
      }
      if (fields.intent === "totp-code" || fields.intent === "recovery-code") {
        setCookies(await formPosts.finishSecondStep(post(fields)));
        return { secondStep: false };
      }
      const { cookies, secondStep, mailed } = await formPosts.signUp(post(fields));
      setCookies(cookies);
      return { secondStep, mailed };
    },
    refusals: { VALIDATION_FAILED: "invalid", CONFLICT: "taken", RATE_LIMITED: "limited", UNAUTHENTICATED: "wrong" },
    back: (outcome, fields, result) => {
      const intent = fields.intent;
      if (intent === "totp-code" || intent === "recovery-code") {
        return outcome === "sent"
          ? loginPage("/login", { signin: "existing" }, fields)
          : loginPage(SECOND_STEP_PATH, { step: outcome }, fields);
      }
      if (intent === "sign-in") {
        if (outcome !== "sent") return loginPage("/login", { signin: outcome }, fields);
        return result?.secondStep
          ? loginPage(SECOND_STEP_PATH, {}, fields)
          : loginPage("/login", { signin: "existing" }, fields);
      }
      // Created, or the address had an account already and its owner was mailed: the page says to check the mail.
      if (outcome === "sent" && result?.mailed) return loginPage("/login", { signup: "mailed" }, fields);
      if (outcome === "sent" && result?.secondStep) return loginPage(SECOND_STEP_PATH, {}, fields);
      return loginPage("/login", { signup: outcome }, fields);
    },
    // A suspended account (a post from another address never gets here: ADR 63).
    notSent: "You are not signed in",
  });
});
