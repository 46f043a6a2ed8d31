import { Hono } from "hono";
import { answerFormPostOnPage } from "#server/http/form-post.ts";
import type { AppBindings } from "#server/http/types.ts";
import { RESET_PASSWORD_PATH } from "#shared/session.ts";

/**
 * `POST /forgot-password` and `POST /reset-password`: the password reset's forms sent by a browser without JavaScript
 * (ADR 41), handed to better-auth's own `/request-password-reset` and `/reset-password`, with their per-address limits
 * and token rules. Success goes back to the page, which says so (`?sent`, `?done`); a refusal is the page itself, with
 * its words and what was typed (never the password).
 */
export const passwordResetFormPosts = new Hono<AppBindings>()
  .post("/forgot-password", (c) => {
    const { formPosts } = c.get("services").sessions;
    return answerFormPostOnPage(c, {
      submit: (fields) =>
        formPosts.requestPasswordReset({ fields, headers: c.req.raw.headers, clientIp: c.get("clientIp") }),
      // The same answer whether or not the address has an account, and for a post the honeypot dropped.
      done: () => "/forgot-password?sent",
      notSent: "No link was sent",
    });
  })
  .post(RESET_PASSWORD_PATH, (c) => {
    const { formPosts } = c.get("services").sessions;
    return answerFormPostOnPage(c, {
      submit: (fields) => formPosts.resetPassword({ fields, headers: c.req.raw.headers, clientIp: c.get("clientIp") }),
      done: () => `${RESET_PASSWORD_PATH}?done`,
      notSent: "Your password is not changed",
      withheld: ["password"],
    });
  });
