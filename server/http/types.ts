import type { AppServices } from "#server/services.ts";

/** Hono variables set by the app's middleware for every request. */
export type AppBindings = {
  Variables: {
    services: AppServices;
    clientIp: string;
  };
};
