/**
 * Spec §7: when the operator configured a token-sync URL (same origin only, checked at boot), each sign-in POSTs a
 * short-lived signed token to it as a Bearer token, and each sign-out sends a DELETE with none. Failures are only
 * logged: signing in or out has already happened and must not be undone by a side service.
 */
export async function syncSignIn(url: string | null): Promise<void> {
  if (!url) return;
  try {
    const answer = await fetch("/api/auth/token", { credentials: "same-origin" });
    if (!answer.ok) throw new Error(`/api/auth/token answered HTTP ${answer.status}`);
    const { token } = (await answer.json()) as { token: string };
    await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, credentials: "same-origin" });
  } catch (cause) {
    console.error("Token sync after sign-in failed", cause);
  }
}

export async function syncSignOut(url: string | null): Promise<void> {
  if (!url) return;
  try {
    await fetch(url, { method: "DELETE", credentials: "same-origin" });
  } catch (cause) {
    console.error("Token sync after sign-out failed", cause);
  }
}
