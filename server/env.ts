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
