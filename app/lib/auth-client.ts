import { createAuthClient } from "better-auth/react";
import { saveGeniusToken } from "#app/lib/genius-token.ts";

/** better-auth's browser client for this app's `/api/auth` endpoints (same origin, cookie session). */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  fetchOptions: {
    // The bearer plugin hands out the token on every response that starts a session.
    onSuccess: ({ response }) => {
      const token = response.headers.get("set-auth-token");
      if (token) saveGeniusToken(token);
    },
  },
});

export type SignInProvider = "google" | "github";

type AuthFailure = { status: number; code?: string; message?: string };

/** better-auth's error codes, in words a person signing in understands. */
export function authErrorMessage(error: AuthFailure): string {
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "Wrong email or password. Please try again.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "An account with this email already exists. Sign in instead.";
    case "PASSWORD_TOO_SHORT":
      return "Password must be at least 8 characters.";
    case "PASSWORD_TOO_LONG":
      return "Password must be at most 128 characters.";
    case "INVALID_EMAIL":
      return "Enter a valid email address.";
    default:
      return error.message || "Sign-in failed. Please try again.";
  }
}

/** After a provider round trip the token is not in any response the page saw, so ask for the session once. */
export async function storeSessionToken() {
  const { data } = await authClient.getSession();
  if (data?.session.token) saveGeniusToken(data.session.token);
}
