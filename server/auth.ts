import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import type { Db } from "./db/client";
import * as schema from "./db/schema";
import type { Env } from "./env";
import { hashPassword, verifyPassword } from "./password";

/**
 * better-auth reads the client IP from this header only. The HTTP layer strips any incoming copy and
 * sets it from the socket, or from TRUSTED_PROXY_HEADER when the operator configured a proxy.
 */
export const CLIENT_IP_HEADER = "x-jobboard-client-ip";

export type SocialProviderId = "google" | "github" | "facebook" | "twitter";

export function configuredSocialProviders(env: Env): SocialProviderId[] {
  const pairs: [SocialProviderId, string | undefined, string | undefined][] = [
    ["google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ["github", env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET],
    ["facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    ["twitter", env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET],
  ];
  return pairs.filter(([, id, secret]) => id && secret).map(([provider]) => provider);
}

/**
 * Google-type and GitHub-type providers that sign in through an OIDC issuer named in the environment.
 * genericOAuth registers them under the same ids, so the browser still uses `/sign-in/social`.
 */
function issuerOverrides(env: Env): { providerId: "google" | "github"; issuer: string }[] {
  const overrides: { providerId: "google" | "github"; issuer: string | undefined }[] = [
    { providerId: "google", issuer: env.GOOGLE_ISSUER },
    { providerId: "github", issuer: env.GITHUB_ISSUER },
  ];
  const enabled = new Set(configuredSocialProviders(env));
  return overrides.flatMap(({ providerId, issuer }) => (issuer && enabled.has(providerId) ? [{ providerId, issuer }] : []));
}

function socialProviders(env: Env) {
  const overridden = new Set(issuerOverrides(env).map((override) => override.providerId));
  const enabled = new Set(configuredSocialProviders(env).filter((provider) => !overridden.has(provider as "google" | "github")));
  const credentials = (id?: string, secret?: string) => ({ clientId: id ?? "", clientSecret: secret ?? "" });
  return {
    ...(enabled.has("google") ? { google: credentials(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET) } : {}),
    ...(enabled.has("github") ? { github: credentials(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET) } : {}),
    ...(enabled.has("facebook") ? { facebook: credentials(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET) } : {}),
    ...(enabled.has("twitter") ? { twitter: credentials(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET) } : {}),
  };
}

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;

function oidcPlugins(env: Env) {
  const config: GenericOAuthConfig[] = issuerOverrides(env).map(({ providerId, issuer }) => ({
    providerId,
    name: providerId === "google" ? "Google" : "GitHub",
    discoveryUrl: discoveryUrl(issuer),
    clientId: (providerId === "google" ? env.GOOGLE_CLIENT_ID : env.GITHUB_CLIENT_ID) ?? "",
    clientSecret: providerId === "google" ? env.GOOGLE_CLIENT_SECRET : env.GITHUB_CLIENT_SECRET,
    scopes: ["openid", "email", "profile"],
    pkce: true,
  }));
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    config.push({
      providerId: env.OIDC_PROVIDER_ID,
      name: env.OIDC_PROVIDER_NAME,
      discoveryUrl: discoveryUrl(env.OIDC_ISSUER),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: ["openid", "email", "profile"],
      pkce: true,
    });
  }
  return config.length ? [genericOAuth({ config })] : [];
}

export function createAuth({ db, env, secret }: { db: Db; env: Env; secret: string }) {
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const max = env.AUTH_RATE_LIMIT_MAX;
  return betterAuth({
    appName: "Job Board",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    socialProviders: socialProviders(env),
    plugins: [bearer(), ...oidcPlugins(env)],
    rateLimit: {
      enabled: true,
      storage: "database",
      window,
      max: Math.max(100, max * 10),
      customRules: {
        "/sign-in/email": { window, max },
        "/sign-up/email": { window, max },
        "/sign-in/social": { window, max: max * 2 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = { id: string; email: string; name: string; image: string | null };

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, image } = session.user;
  return { id, email, name, image: image ?? null };
}
