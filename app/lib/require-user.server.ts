import { redirect, type RouterContextProvider } from "react-router";
import { getSessionUser } from "~/context";
import type { SessionUser } from "../../server/auth";

/** The signed-in user, or a redirect to /login that remembers where the visitor wanted to go. */
export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?from=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
