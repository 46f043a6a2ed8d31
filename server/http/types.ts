import type { FormRefusal } from "#shared/form-post.ts";
import type { AppServices } from "#server/services.ts";

/** Hono variables set by the app's middleware for every request. */
export type AppBindings = {
  Variables: {
    services: AppServices;
    clientIp: string;
    /**
     * Renders the page at this request's path for its refused form post (server/http/form-post.ts); absent when the
     * server serves no pages.
     */
    renderRefusal?: (refusal: FormRefusal) => Promise<Response>;
  };
};
