import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { SECOND_STEP_PATH } from "#shared/session.ts";

/**
 * better-auth's two-factor plugin asks for the code after a password sign-in only (`/sign-in/email` and the like). A
 * session that starts anywhere else would skip it: an enrolled admin signing in through Google, GitHub or an OIDC
 * issuer, or following a verification link (auto sign-in), would get a session without the code. These are the
 * endpoints of this version that start a session for an existing account without a session already in hand; a new
 * sign-in method must join the list.
 */
const SESSION_STARTING_PATHS = new Set([
  // A provider's redirect back (Google, GitHub, and the OIDC issuers genericOAuth registers under the same route).
  "/callback/:id",
  // A sign-in with a provider's ID token, which answers with a session instead of a redirect.
  "/sign-in/social",
  // A verification link's auto sign-in (autoSignInAfterVerification).
  "/verify-email",
]);

/**
 * The plugin's challenge, as its `/two-factor/verify-totp` and `/two-factor/verify-backup-code` read it: a signed
 * cookie naming a verification record that holds the user id, and a record counting wrong codes. Written the way the
 * plugin writes it for a password sign-in, so the same endpoints, attempt limit and account lock finish both.
 */
const TWO_FACTOR_COOKIE = "two_factor";
const CHALLENGE_SECONDS = 600;

/** Where a browser goes for the code, carrying on to where the sign-in was headed. */
export function secondStepLocation(location: string, baseUrl: string): string {
  const headed = new URL(location, baseUrl);
  const target =
    headed.pathname === "/login" ? (headed.searchParams.get("from") ?? "/") : headed.pathname + headed.search;
  return `${SECOND_STEP_PATH}&from=${encodeURIComponent(target)}`;
}

/**
 * Turns a session that one of those endpoints just started for an account with two-step sign-in back into the plugin's
 * challenge: the session is deleted before anyone can use it, and the browser is sent to give the code (a JSON caller
 * gets the plugin's own `twoFactorRedirect` answer).
 */
export function secondStepForEveryMethod(): BetterAuthPlugin {
  return {
    id: "second-step-for-every-method",
    hooks: {
      after: [
        {
          matcher: (context) => SESSION_STARTING_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const started = ctx.context.newSession;
            if (!started?.user.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(started.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: started.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

            // A redirect (back from a provider, a followed link) goes on to the code; an API caller gets JSON.
            const location = ctx.context.responseHeaders?.get("location");
            if (location) throw ctx.redirect(secondStepLocation(location, ctx.context.baseURL));
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
          }),
        },
      ],
    },
  };
}
