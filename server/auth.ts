import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { jwt } from "better-auth/plugins/jwt";
import { twoFactor } from "better-auth/plugins/two-factor";
import { FORGOT_PASSWORD_PATH, type SessionUser, type SignInMethods, type SocialProviderId } from "#shared/session.ts";
import { findAccount } from "#server/accounts.ts";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { hashPassword, verifyPassword } from "#server/password.ts";
import { authFormPosts } from "#server/auth/form-posts.ts";
import {
  confirmSecondFactorByMail,
  forgetUnconfirmedSecondFactor,
  secondFactorProofs,
} from "#server/auth/second-factor-proofs.ts";
import { secondStepForEveryMethod } from "#server/auth/second-step.ts";
import {
  composeExistingAccountSignUpMail,
  composePasswordResetMail,
  composeVerificationMail,
  enqueueMail,
} from "#server/mail.ts";
import { limitSignUpsWithoutScripts } from "#server/auth/no-script-sign-ups.ts";

/**
 * better-auth reads the client IP from this header only. The HTTP layer strips any incoming copy and
 * sets it from the socket, or from TRUSTED_PROXY_HEADER when the operator configured a proxy.
 */
export const CLIENT_IP_HEADER = "x-jobboard-client-ip";

export const SUSPENDED_MESSAGE = "This account is suspended. Contact us if you think this is a mistake.";

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
  return overrides.flatMap(({ providerId, issuer }) =>
    issuer && enabled.has(providerId) ? [{ providerId, issuer }] : [],
  );
}

function socialProviders(env: Env) {
  const overridden = new Set(issuerOverrides(env).map((override) => override.providerId));
  const enabled = new Set(
    configuredSocialProviders(env).filter((provider) => !overridden.has(provider as "google" | "github")),
  );
  // Sign-in by a provider's ID token sent from the client (`/sign-in/social` with `idToken`) is off: the board's pages
  // only ever use the provider's redirect, so it would be a way in that nothing here uses or tests (ADR 44).
  const credentials = (id?: string, secret?: string) => ({
    clientId: id ?? "",
    clientSecret: secret ?? "",
    disableIdTokenSignIn: true,
  });
  return {
    ...(enabled.has("google") ? { google: credentials(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET) } : {}),
    ...(enabled.has("github") ? { github: credentials(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET) } : {}),
    ...(enabled.has("facebook") ? { facebook: credentials(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET) } : {}),
    ...(enabled.has("twitter") ? { twitter: credentials(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET) } : {}),
  };
}

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;

/**
 * TOKEN_SYNC_URL gets a short-lived signed token (JWT, TOKEN_SYNC_MAX_AGE_SECONDS) rather than the session's bearer
 * token: whatever listens there can check it against /api/auth/jwks without being trusted with a long-lived session.
 */
function tokenSyncPlugins(env: Env) {
  if (!env.TOKEN_SYNC_URL) return [];
  return [
    jwt({
      jwt: {
        expirationTime: `${env.TOKEN_SYNC_MAX_AGE_SECONDS}s`,
        issuer: env.PUBLIC_URL,
        audience: new URL(env.TOKEN_SYNC_URL, env.PUBLIC_URL).href,
      },
      // Only the sign-in asks for one; signing a token on every session read would cost each page view.
      disableSettingJwtHeader: true,
    }),
  ];
}

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

/** Called once better-auth has marked an address verified (the listings held for it can go on). */
export type AuthHooks = { onEmailVerified?: (userId: string) => Promise<void> };

export function createAuth({ db, env, secret, hooks = {} }: { db: Db; env: Env; secret: string; hooks?: AuthHooks }) {
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const max = env.AUTH_RATE_LIMIT_MAX;
  const accountMailRule = { window: env.ACCOUNT_MAIL_RATE_LIMIT_WINDOW_SECONDS, max: env.ACCOUNT_MAIL_RATE_LIMIT_MAX };
  return betterAuth({
    appName: env.SITE_NAME,
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
        jwks: schema.jwks,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-up answers alike whether or not the address has an account (issue 71): no session either way, and the
      // owner of a taken address is mailed instead. The page then signs in with the same address and password.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        const mail = composeExistingAccountSignUpMail(
          user,
          `${env.PUBLIC_URL}/login`,
          `${env.PUBLIC_URL}${FORGOT_PASSWORD_PATH}`,
        );
        // One such mail an account in ten minutes, however many sign-ups try its address.
        const slot = Math.floor(Date.now() / (10 * 60 * 1000));
        await enqueueMail(db, { ...mail, dedupeKey: `existing-account-sign-up:${user.id}:${slot}` });
      },
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      // better-auth's reset flow: a single-use token that expires, the same answer whether or not the address has an
      // account, and every session of the account ended once the password changes.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await enqueueMail(db, composePasswordResetMail(user, url));
      },
    },
    // Sign-in works before the address is verified (the employer can prepare listings); publishing waits for it.
    emailVerification: {
      sendOnSignUp: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(db, composeVerificationMail(user, url));
      },
      afterEmailVerification: async (user) => {
        await hooks.onEmailVerified?.(user.id);
      },
    },
    socialProviders: socialProviders(env),
    // A suspended account cannot start a session, by password, social or OIDC sign-in alike (ADR 0011).
    databaseHooks: {
      user: {
        update: {
          // Only the plugin's enrolment (a first code confirmed) turns the second factor on; only disabling turns it off.
          after: async (updated, context) => {
            if (!updated.twoFactorEnabled) return forgetUnconfirmedSecondFactor(db, updated.id);
            if (context?.path !== "/two-factor/verify-totp") return;
            await confirmSecondFactorByMail(
              { db, env, verifications: context.context.internalAdapter, baseUrl: context.context.baseURL },
              updated.id,
            );
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ suspendedAt: schema.user.suspendedAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.suspendedAt)
              throw APIError.from("FORBIDDEN", { message: SUSPENDED_MESSAGE, code: "ACCOUNT_SUSPENDED" });
          },
        },
      },
    },
    plugins: [
      // Before bearer(), whose hook would otherwise hand out the token of the session this one withdraws.
      secondStepForEveryMethod(),
      // Before twoFactor(): a code already used is refused before the plugin would accept it again.
      secondFactorProofs({ db }),
      bearer(),
      // TOTP with recovery codes. Enrolment is confirmed with a first code before it counts, and a password
      // sign-in of an enrolled account answers `twoFactorRedirect` until a code or a recovery code is given; the
      // plugin above asks the same of a provider's or a mailed link's sign-in (ADR 44).
      // An account that signs in only through a provider has no password to confirm with; one that has must give it.
      twoFactor({ issuer: env.SITE_NAME, allowPasswordless: true }),
      ...oidcPlugins(env),
      ...tokenSyncPlugins(env),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window,
      max: Math.max(100, max * 10),
      customRules: {
        "/sign-in/email": { window, max },
        "/sign-up/email": { window, max },
        "/sign-in/social": { window, max: max * 2 },
        "/send-verification-email": accountMailRule,
        "/request-password-reset": accountMailRule,
        "/reset-password": { window, max },
        // The sign-in limit instead of the plugin's own 3 per 10 s; with its lock after 5 wrong codes, a 6-digit code is not
        // guessed in time.
        "/two-factor/*": { window, max },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      // better-auth turns its Origin/CSRF check off by itself when it detects a test run; keep it on everywhere
      // so the tests exercise the check production relies on.
      disableOriginCheck: false,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type { SessionUser };

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, image } = session.user;
  return { id, email, name, image: image ?? null };
}

/** The session domain as pages and handlers use it: who is signed in, and how one may sign in here. */
export function createSessions({ auth, env, db }: { auth: Auth; env: Env; db: Db }) {
  const signInMethods: SignInMethods = {
    socialProviders: configuredSocialProviders(env),
    oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID ? { id: env.OIDC_PROVIDER_ID, name: env.OIDC_PROVIDER_NAME } : null,
    tokenSyncUrl: env.TOKEN_SYNC_URL ?? null,
  };
  return {
    getUser: ({ headers }: { headers: Headers }) => getSessionUser(auth, headers),
    signInMethods: () => signInMethods,
    /** The login page's forms sent without JavaScript (ADR 41), through better-auth's own handler. */
    formPosts: authFormPosts({
      handler: auth.handler,
      publicUrl: env.PUBLIC_URL,
      clientIpHeader: CLIENT_IP_HEADER,
      limitSignUpWithoutScripts: limitSignUpsWithoutScripts(db, {
        max: env.NO_SCRIPT_SIGN_UP_MAX,
        windowSeconds: env.NO_SCRIPT_SIGN_UP_WINDOW_SECONDS,
      }),
    }),
    /** Whether the signed-in account turned on two-step sign-in; null when nobody is signed in. */
    async secondFactorEnabled({ headers }: { headers: Headers }): Promise<boolean | null> {
      const session = await auth.api.getSession({ headers });
      return session ? Boolean(session.user.twoFactorEnabled) : null;
    },
    /**
     * The signed-in account's second factor: whether it is on, and whether, enrolled while an admin, it still waits for
     * the mailed link before it opens the admin powers; null when nobody is signed in.
     */
    async secondFactorStanding({
      headers,
    }: {
      headers: Headers;
    }): Promise<{ enabled: boolean; awaitingMail: boolean; email: string } | null> {
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      const account = await findAccount(db, session.user.id);
      return {
        enabled: Boolean(account?.twoFactorEnabled),
        awaitingMail: Boolean(account?.twoFactorEnabled && account.secondFactorUnconfirmedSince),
        email: session.user.email,
      };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
