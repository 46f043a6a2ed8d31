import { createContext, RouterContextProvider } from "react-router";
import { getSessionUser as readSessionUser, type SessionUser } from "../server/auth";
import type { AppServices } from "../server/services";

/** Server services (database, auth, config) for loaders and actions. */
export const servicesContext = createContext<AppServices>();
export function createLoadContext(services: AppServices) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
}

const sessionUsers = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user for this request. The root loader and a protected route's loader both ask; the
 * session is looked up once per request, not once per loader.
 */
export function getSessionUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser | null> {
  let user = sessionUsers.get(request);
  if (!user) {
    user = readSessionUser(context.get(servicesContext).auth, request.headers);
    sessionUsers.set(request, user);
  }
  return user;
}
