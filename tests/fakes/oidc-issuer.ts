import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// oidc-provider ships no type declarations; tests/fakes/oidc-provider.d.ts describes the part we use.
import Provider from "oidc-provider";

export type OidcIssuer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /**
   * Registers the client's redirect URIs (better-auth's `/api/auth/callback/<providerId>`). The app's
   * URL is known only once it runs, and it needs the issuer's URL to start, so this comes second.
   */
  allowRedirects: (redirectUris: string[]) => void;
  close: () => Promise<void>;
};

/** App settings that send both the Google-type and the GitHub-type button through this issuer. */
export function providerEnv(issuer: OidcIssuer): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    GOOGLE_ISSUER: issuer.url,
    GITHUB_CLIENT_ID: issuer.clientId,
    GITHUB_CLIENT_SECRET: issuer.clientSecret,
    GITHUB_ISSUER: issuer.url,
  };
}

/** Lets the issuer send users back to both buttons' callbacks on the running app. */
export function allowAppCallbacks(issuer: OidcIssuer, appUrl: string): void {
  issuer.allowRedirects([`${appUrl}/api/auth/callback/google`, `${appUrl}/api/auth/callback/github`]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function interactionPage(uid: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Sign in to continue to ${escapeHtml(clientId)}</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Email <input name="email" type="email" required value="oauth-user@example.com"></label>
<label>Name <input name="name" value="OAuth User"></label>
<button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny access</button>
</form></main></body></html>`;
}

/**
 * A real OpenID Connect issuer (node-oidc-provider) on a loopback port: discovery, authorization with a
 * sign-in page, token and userinfo endpoints, signed ID tokens. The sign-in page accepts any email, so a
 * test plays the user: it types who it is and presses Continue (or Deny access).
 */
export async function startOidcIssuer(): Promise<OidcIssuer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "job-board-test";
  const clientSecret = randomBytes(24).toString("hex");
  const accounts = new Map<string, { email: string; name: string }>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  const createProvider = (redirectUris: string[]) =>
    new Provider(url, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
      cookies: { keys: [randomBytes(32).toString("hex")] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
      pkce: { required: () => false },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, email: account.email, email_verified: true, name: account.name, picture: null }),
        };
      },
    });
  // Discovery must answer before the app registers its callbacks: the app reads it when it starts.
  let provider = createProvider([`${url}/no-client-yet`]);
  let callback = provider.callback();

  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const match = req.url?.match(/^\/interaction\/([\w-]+)$/);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(interactionPage(details.uid, String(details.params.client_id)));
        return;
      }
      const form = await formBody(req);
      if (form.get("decision") !== "allow") {
        await provider.interactionFinished(req, res, {
          error: "access_denied",
          error_description: "The user denied access",
        });
        return;
      }
      const email = (form.get("email") ?? "").trim().toLowerCase();
      accounts.set(email, { email, name: form.get("name")?.trim() || email });
      const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } });
    } catch (error) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end(`interaction failed: ${(error as Error).message}`);
    }
  });

  return {
    url,
    clientId,
    clientSecret,
    allowRedirects: (redirectUris) => {
      provider = createProvider(redirectUris);
      callback = provider.callback();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
