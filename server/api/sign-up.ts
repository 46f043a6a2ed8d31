import { Hono } from "hono";
import { answerFormPost } from "#server/http/form-post.ts";
import type { AppBindings } from "#server/http/types.ts";
import type { SignUpFormRefusal } from "#shared/session.ts";

const MAX_FROM_CHARS = 2000;

/**
 * `POST /login`: the login page's sign-up form sent by a browser without JavaScript (ADR 41). No proof of work: the
 * honeypot and better-auth's per-address sign-up limit hold it. On success the session cookies come with the way
 * back to the page, which says so and links on to where the visitor was going (`from`, checked by the page).
 */
export const signUpFormPost = new Hono<AppBindings>().post("/login", (c) =>
  answerFormPost<SignUpFormRefusal>(c, {
    submit: async (fields) => {
      const cookies = await c
        .get("services")
        .sessions.signUpFromForm({ fields, headers: c.req.raw.headers, clientIp: c.get("clientIp") });
      for (const cookie of cookies) c.header("set-cookie", cookie, { append: true });
    },
    refusals: { VALIDATION_FAILED: "invalid", CONFLICT: "taken", RATE_LIMITED: "limited" },
    back: (outcome, fields) => {
      const query = new URLSearchParams({ signup: outcome });
      // Where the visitor was going, which the page checks; a forged one too long for an address is dropped.
      if (fields.from?.startsWith("/") && fields.from.length <= MAX_FROM_CHARS) query.set("from", fields.from);
      return `/login?${query}`;
    },
  }),
);
