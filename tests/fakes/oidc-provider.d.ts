/** The slice of node-oidc-provider 9 that tests/fakes/oidc-issuer.ts uses (the package has no types). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type InteractionDetails = { uid: string; params: Record<string, unknown> };

  class Grant {
    constructor(options: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  }
}
