import fs from "node:fs";
import { z } from "zod";

const boolean = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "Must be true or false" })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes"].includes(value)));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const optionalUrl = z
  .url({ error: "Must be a URL" })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Every setting the server reads, validated once at boot. README "Configuration" documents each. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "Must be a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  SEED_DEMO: boolean(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, "Must be at least 32 characters"),
  TRUSTED_PROXY_HEADER: optionalString.transform((v) => v?.toLowerCase()),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /** OIDC issuer the Google-type button signs in with instead of Google (an identity provider that speaks OIDC, or a test issuer). */
  GOOGLE_ISSUER: optionalUrl,
  /** OIDC issuer the GitHub-type button signs in with instead of github.com (e.g. a self-hosted Forgejo/Gitea, or a test issuer). */
  GITHUB_ISSUER: optionalUrl,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_ID: z.string().regex(/^[a-z0-9-]+$/, "Must be lower-case letters, digits or dashes").default("oidc"),
  OIDC_PROVIDER_NAME: z.string().default("Single sign-on"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Job Board <no-reply@localhost>"),
  CONTACT_TO: optionalString,
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  // External job sources (server/sources): keys, base URLs (point them at fakes offline), queries, schedule.
  ADZUNA_APP_ID: optionalString,
  ADZUNA_APP_KEY: optionalString,
  JOOBLE_API_KEY: optionalString,
  JOBWIZ_API_KEY: optionalString,
  REMOTEOK_URL: z.url({ error: "Must be a URL" }).default("https://remoteok.com/api"),
  ADZUNA_URL: z.url({ error: "Must be a URL" }).default("https://api.adzuna.com/v1/api/jobs"),
  JOOBLE_URL: z.url({ error: "Must be a URL" }).default("https://jooble.org/api"),
  HIMALAYAS_URL: z.url({ error: "Must be a URL" }).default("https://himalayas.app/jobs/api"),
  JOBWIZ_URL: z.url({ error: "Must be a URL" }).default("https://job-search-api1.p.rapidapi.com/v1/job-description-search"),
  ADZUNA_COUNTRY: z.string().regex(/^[a-z]{2}$/, "Must be a two-letter market code such as gb").default("gb"),
  ADZUNA_WHAT: z.string().default(""),
  ADZUNA_PAGES: z.coerce.number().int().min(1).max(20).default(3),
  JOOBLE_KEYWORDS: z.string().default(""),
  JOOBLE_LOCATION: z.string().default("India"),
  JOOBLE_PAGES: z.coerce.number().int().min(1).max(20).default(1),
  HIMALAYAS_PAGES: z.coerce.number().int().min(1).max(50).default(5),
  JOBWIZ_QUERY: z.string().min(1, "Required").default("software engineer"),
  JOBWIZ_COUNTRY: z.string().default("us"),
  JOBWIZ_CITY: z.string().default("Seattle"),
  JOBWIZ_PAGES: z.coerce.number().int().min(1).max(20).default(2),
  REMOTEOK_INTERVAL_MINUTES: z.coerce.number().min(1).max(30_000).default(60),
  ADZUNA_INTERVAL_MINUTES: z.coerce.number().min(1).max(30_000).default(60),
  JOOBLE_INTERVAL_MINUTES: z.coerce.number().min(1).max(30_000).default(1440),
  HIMALAYAS_INTERVAL_MINUTES: z.coerce.number().min(1).max(30_000).default(360),
  JOBWIZ_INTERVAL_MINUTES: z.coerce.number().min(1).max(30_000).default(1440),
  SOURCES_SCHEDULER: boolean(true),
  SOURCES_DISABLED: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean)),
  SOURCES_GRACE_HOURS: z.coerce.number().min(0).default(48),
  SOURCES_TIMEOUT_SECONDS: z.coerce.number().positive().max(10, "Must be at most 10").default(10),
  SOURCES_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).default(4_000_000),
  SOURCES_MAX_RETRY_AFTER_SECONDS: z.coerce.number().min(0).default(60),
});

export type Env = z.output<typeof envSchema> & { PUBLIC_URL: string };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new EnvError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration:\n  BETTER_AUTH_SECRET: Required in production with DATABASE_URL (every instance must share it); generate one with `openssl rand -base64 32`",
    );
  }
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}

/** Settings in ./.env (if there is one) fill in what the real environment does not set. */
export function loadDotEnvFile(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
