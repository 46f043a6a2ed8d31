/**
 * Spec §3: a sign-in token is kept in local storage under 'genius-token' and removed on logout. We store
 * better-auth's bearer token (for API clients); the session cookie itself stays HttpOnly. Sign-out revokes
 * the session, so a leftover copy stops working too.
 */
export const GENIUS_TOKEN_KEY = "genius-token";

export function saveGeniusToken(token: string) {
  try {
    localStorage.setItem(GENIUS_TOKEN_KEY, token);
  } catch {
    // Storage can be disabled (private mode, quota); the cookie session still works without it.
  }
}

export function clearGeniusToken() {
  try {
    localStorage.removeItem(GENIUS_TOKEN_KEY);
  } catch {
    // See saveGeniusToken.
  }
}
