import { createContext, RouterContextProvider } from "react-router";
import type { SessionUser } from "../server/auth";
import type { AppServices } from "../server/services";

/** Server services (database, auth, config) for loaders and actions. */
export const servicesContext = createContext<AppServices>();
/** Per-request facts the HTTP layer already worked out. */
export const requestContext = createContext<{ clientIp: string }>();

export function createLoadContext(services: AppServices, request: { clientIp: string }) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, request);
  return context;
}

export async function getSessionUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser | null> {
  const { auth } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name, image } = session.user;
  return { id, email, name, image: image ?? null };
}
