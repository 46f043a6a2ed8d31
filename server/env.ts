import fs from "node:fs";
import { z } from "zod";
import { MODERATION_MODES } from "#shared/moderation.ts";
import { SOURCES } from "#shared/sources.ts";
import { StartupError } from "#server/startup-error.ts";

const TRUE = ["true", "1", "yes"];
const FALSE = ["false", "0", "no"];

/** true/false, yes/no or 1/0 in any case; anything else is refused rather than read as false. */
const boolean = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const word = value?.trim().toLowerCase();
      if (word === undefined || word === "") return fallback;
      if (TRUE.includes(word)) return true;
      if (FALSE.includes(word)) return false;
      context.addIssue({ code: "custom", message: `Must be true or false (yes/no and 1/0 work too), not "${value}"` });
      return z.NEVER;
    });

/** An absolute URL whose scheme is one of `schemes`; `example` shows the operator the expected shape. */
/**
 * A URL with one of these schemes and a host. With `socketDirectory`, a URL without a host may name a Unix socket
 * directory in its `host` parameter instead (`postgres:///jobboard?host=/var/run/postgresql`), as libpq's do.
 */
const urlWithScheme = (schemes: string[], example: string, { socketDirectory = false } = {}) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const text = value?.trim();
      if (!text) return undefined;
      let url: URL | undefined;
      try {
        url = new URL(text);
      } catch {
        url = undefined;
      }
      const scheme = url?.protocol.slice(0, -1);
      const hasHost =
        url !== undefined &&
        (url.hostname !== "" || (socketDirectory && url.searchParams.get("host")?.startsWith("/") === true));
      if (!url || !scheme || !schemes.includes(scheme) || !hasHost) {
        const expected = schemes.map((s) => `${s}://`).join(" or ");
        context.addIssue({
          code: "custom",
          message: `Must be a URL starting with ${expected}, for example ${example}`,
        });
        return z.NEVER;
      }
      return text;
    });

const postgresUrl = urlWithScheme(["postgres", "postgresql"], "postgres://user:password@localhost:5432/jobboard", {
  socketDirectory: true,
});

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const optionalUrl = z
  .url({ error: "Must be a URL" })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Text an operator may switch off: unset keeps the default, `none` (or an empty value) shows nothing. */
const textOrNone = (fallback: string | undefined) =>
  z
    .string()
    .optional()
    .transform((value) => {
      if (value === undefined) return fallback;
      const text = value.trim();
      return text === "" || text.toLowerCase() === "none" ? undefined : text;
    });

/** A `|`-separated list (addresses and URLs contain commas); `none` or an empty value is an empty list. */
const list = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((value) => {
      if (value === undefined) return fallback;
      if (value.trim().toLowerCase() === "none") return [];
      return value
        .split("|")
        .map((item) => item.trim())
        .filter(Boolean);
    });

/** Every setting the server reads, validated once at boot. README "Configuration" documents each. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "Must be a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: urlWithScheme(["http", "https"], "https://jobs.example.com"),
  DATABASE_URL: postgresUrl,
  /** How many connections to DATABASE_URL each server process keeps at most (server/db/client.ts: defaultPoolSize). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "Must be a whole number of connections, 1 to 100" })
    .int("Must be a whole number of connections, 1 to 100")
    .min(1, "Must be a whole number of connections, 1 to 100")
    .max(100, "Must be a whole number of connections, 1 to 100")
    .optional(),
  /**
   * Streaming replicas of DATABASE_URL for the anonymous reads (ADR 39): comma-separated, each checked as
   * DATABASE_URL is. Unset or empty, every read goes to DATABASE_URL as before.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value, context) => {
      const urls = (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean);
      for (const url of urls) {
        const checked = postgresUrl.safeParse(url);
        if (!checked.success) {
          context.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "Must be a URL" });
          return z.NEVER;
        }
      }
      return urls;
    }),
  /** A replica whose replay is further behind than this is left out until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce
    .number({ error: "Must be a number of seconds, 1 to 3600" })
    .min(1, "Must be a number of seconds, 1 to 3600")
    .max(3600, "Must be a number of seconds, 1 to 3600")
    .default(10),
  /** How long a starting server keeps trying a DATABASE_URL server that refuses connections (it may be starting too). */
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(300).default(10),
  DATA_DIR: z.string().default("./data"),
  /** How long a starting process waits for the previous holder of DATA_DIR's lock (one that is still exiting). */
  DATA_DIR_LOCK_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** `/metrics` answers with this Bearer token (ADR 37); unset (and no METRICS_PORT), it is not served. */
  METRICS_TOKEN: z.string().min(16, "Must be at least 16 characters").optional(),
  /** `/metrics` on a port of its own, without a token, for a network only the monitoring reaches. */
  METRICS_PORT: z.coerce.number({ error: "Must be a port number" }).int().min(1).max(65535).optional(),
  /** Scheduled backups of the embedded database go here (ADR 36); unset, none are taken. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: "Must be a number of hours" })
    .min(0.01, "Must be at least 0.01 hours")
    .max(24 * 31, "Must be at most 744 hours")
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ error: "Must be a whole number of backups" })
    .int("Must be a whole number of backups")
    .min(1, "Must keep at least 1 backup")
    .max(1000, "Must keep at most 1000 backups")
    .default(7),
  /** How long a starting server keeps trying a busy PORT (a process killed a moment ago may still hold it). */
  PORT_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** How long SIGTERM/SIGINT lets requests already in flight finish before their connections are closed. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** How many server processes share the port (PostgreSQL only; server/cluster.ts). */
  WEB_CONCURRENCY: z.coerce
    .number({ error: "Must be a whole number of processes, 1 or more" })
    .int("Must be a whole number of processes, 1 or more")
    .min(1, "Must be a whole number of processes, 1 or more")
    .max(64)
    .default(1),
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
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, "Must be lower-case letters, digits or dashes")
    .default("oidc"),
  OIDC_PROVIDER_NAME: z.string().default("Single sign-on"),
  // Trust and safety (ADR 0011).
  REQUIRE_EMAIL_VERIFICATION: boolean(true),
  ACCOUNT_MAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
  ACCOUNT_MAIL_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  // Sign-ups sent without scripts, which solve no proof of work: a strict limit per client address (issue 71).
  NO_SCRIPT_SIGN_UP_MAX: z.coerce.number().int().min(1).default(3),
  NO_SCRIPT_SIGN_UP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  MODERATION: z.enum(MODERATION_MODES, { error: "Must be off, first or all" }).default("first"),
  // Search (ADR 38): the operator's own synonym groups, joined to the shipped list (server/jobs/synonyms.txt).
  SEARCH_SYNONYMS_FILE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || fs.existsSync(value), "No such file"),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // An admin without a second factor (TOTP) is sent to set one up before any admin page or admin API call opens.
  ADMIN_REQUIRE_2FA: boolean(true),
  // Bots without third parties (ADR 41): the sign-up, post, contact, report and alert JSON APIs want a solved
  // proof-of-work challenge. The browser searches up to POW_MAX_NUMBER SHA-256 hashes (half that on average).
  POW_CHALLENGE: boolean(true),
  POW_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  POW_EXPIRES_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  POSTS_PER_DAY: z.coerce.number().int().min(1).default(10),
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).default(3),
  REPORT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  REPORT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SMTP_URL: urlWithScheme(["smtp", "smtps"], "smtp://user:password@smtp.example.com:587"),
  /** Unset: the board's name at no-reply on PUBLIC_URL's host ("Acme Careers <no-reply@jobs.acme.test>"). */
  MAIL_FROM: z.string().trim().min(1).optional(),
  CONTACT_TO: optionalString,
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** The contact form sent without scripts, which carries no proof of work: stricter, on top of the limit above. */
  CONTACT_FORM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(2),
  CONTACT_FORM_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Applications on the board (issue 31): per client address, like the contact form. */
  APPLICATION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  APPLICATION_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * Days an application and its CV are kept after its listing expires or is deleted; then the hourly retention pass
   * erases them (one instance of several does it).
   */
  APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(180),
  /**
   * What each listing earned (issue 32): counted in each process's memory, added to the database every this many
   * seconds (and as the process stops). STATS_COUNTING=false counts nothing (the benchmark's "without").
   */
  STATS_COUNTING: boolean(true),
  STATS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // External job sources (server/sources): keys, base URLs (point them at fakes offline), queries, schedule.
  ADZUNA_APP_ID: optionalString,
  ADZUNA_APP_KEY: optionalString,
  JOOBLE_API_KEY: optionalString,
  JOBWIZ_API_KEY: optionalString,
  REMOTEOK_URL: z.url({ error: "Must be a URL" }).default("https://remoteok.com/api"),
  ADZUNA_URL: z.url({ error: "Must be a URL" }).default("https://api.adzuna.com/v1/api/jobs"),
  JOOBLE_URL: z.url({ error: "Must be a URL" }).default("https://jooble.org/api"),
  HIMALAYAS_URL: z.url({ error: "Must be a URL" }).default("https://himalayas.app/jobs/api"),
  JOBWIZ_URL: z
    .url({ error: "Must be a URL" })
    .default("https://job-search-api1.p.rapidapi.com/v1/job-description-search"),
  ADZUNA_COUNTRY: z
    .string()
    .regex(/^[a-z]{2}$/, "Must be a two-letter market code such as gb")
    .default("gb"),
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
    .transform((value, context) => {
      const names = value
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      const unknown = names.filter((name) => !(SOURCES as readonly string[]).includes(name));
      if (unknown.length > 0) {
        context.addIssue({
          code: "custom",
          message: `Unknown source ${unknown.map((n) => `"${n}"`).join(", ")}; the sources are ${SOURCES.join(", ")}`,
        });
        return z.NEVER;
      }
      return names;
    }),
  // The operator's board (server/site.ts): name, how to reach them, the hero's counters. The name defaults to the
  // spec's, the counters to the board's own figures; how to reach the operator is shown only as they set it: someone
  // else's address would be a lie.
  SITE_NAME: z.string().trim().min(1, "Must not be empty").default("Job Board"),
  SITE_EMAIL: z.email({ error: "Must be an e-mail address, for example jobs@example.com" }).optional(),
  SITE_PHONE: textOrNone(undefined),
  SITE_ADDRESS: list([]),
  SITE_HOURS: textOrNone(undefined),
  SITE_SOCIAL_LINKS: list([]).pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error:
          "Must be http(s) URLs separated by |, for example https://www.linkedin.com/company/acme|https://t.me/acme",
      }),
    ),
  ),
  /** "auto" shows the board's own figure (server/hero-counters.ts), "off" hides it; anything else is shown as written. */
  HERO_JOBS_POSTED: z.string().trim().min(1, "Must not be empty").default("auto"),
  HERO_MONTHLY_USERS: z.string().trim().min(1, "Must not be empty").default("auto"),
  HERO_JOBSEEKERS: z.string().trim().min(1, "Must not be empty").default("auto"),
  SOURCES_GRACE_HOURS: z.coerce.number().min(0).default(48),
  SOURCES_TIMEOUT_SECONDS: z.coerce.number().positive().max(10, "Must be at most 10").default(10),
  SOURCES_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).default(4_000_000),
  SOURCES_MAX_RETRY_AFTER_SECONDS: z.coerce.number().min(0).default(60),
  // Job alerts (server/alerts.ts): the in-process scheduler, how often instant alerts go out, the digests' hour.
  ALERTS_SCHEDULER: boolean(true),
  ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(5, "Must be at least 5").max(86_400).default(60),
  /** Spec §7: a same-origin URL told of each sign-in (POST with a Bearer token) and sign-out (DELETE). Off when unset. */
  TOKEN_SYNC_URL: optionalString,
  /** Spec §9: how long the token sent to TOKEN_SYNC_URL is valid (5 minutes). */
  TOKEN_SYNC_MAX_AGE_SECONDS: z.coerce
    .number({ error: "Must be a number of seconds" })
    .int()
    .min(30)
    .max(3600)
    .default(300),
  ALERTS_HOUR: z.coerce.number({ error: "Must be an hour, 0 to 23" }).int().min(0).max(23).default(8),
  ALERTS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  ALERTS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
});

export type Env = z.output<typeof envSchema> & { PUBLIC_URL: string; MAIL_FROM: string };

export class EnvError extends StartupError {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // One line per bad setting, each naming it, so the first line of the log says what to change.
    const problems = parsed.error.issues.map(
      (issue) => `Invalid configuration: ${String(issue.path[0])}: ${issue.message}`,
    );
    throw new EnvError(problems.join("\n"));
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration: BETTER_AUTH_SECRET: Required in production with DATABASE_URL (every instance must share it); generate one with `openssl rand -base64 32`",
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new EnvError(
      "Invalid configuration: WEB_CONCURRENCY: Above 1 needs DATABASE_URL (the embedded database can be opened by one process only); unset it or set DATABASE_URL",
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  // A display name is quoted, so a board named "Jobs, Inc." is one name, not two addresses.
  const mailFrom =
    env.MAIL_FROM ?? `"${env.SITE_NAME.replace(/["\\]/g, "")}" <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    MAIL_FROM: mailFrom,
    TOKEN_SYNC_URL: sameOriginPath(env.TOKEN_SYNC_URL, publicUrl),
  };
}

/**
 * TOKEN_SYNC_URL as the path the browser calls. The token is a credential: it may only go to this board's own origin
 * (spec §7), so any other origin stops the server at boot rather than leaking tokens later.
 */
function sameOriginPath(value: string | undefined, publicUrl: string): string | undefined {
  if (value === undefined) return undefined;
  const origin = new URL(publicUrl).origin;
  let url: URL | undefined;
  try {
    url = new URL(value, origin);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== origin) {
    throw new EnvError(
      `Invalid configuration: TOKEN_SYNC_URL: Must be on this board's own origin (${origin}); give a path such as /session-sync or a URL starting with ${origin}/`,
    );
  }
  return `${url.pathname}${url.search}`;
}

/** Settings in ./.env (if there is one) fill in what the real environment does not set. */
export function loadDotEnvFile(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
