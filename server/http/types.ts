import type { SessionUser } from "../auth";
import type { AppServices } from "../services";

/** Hono variables set by the app's middleware for every request. */
export type AppBindings = {
  Variables: {
    services: AppServices;
    clientIp: string;
  };
};

export type { SessionUser };
