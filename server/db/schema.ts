import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { APPLICATION_STAGES } from "#shared/applications.ts";
import { APPLY_METHODS } from "#shared/job.ts";
import { JOB_STATUSES } from "#shared/moderation.ts";

/** PostgreSQL's text-search vector; only ever computed by the database (a generated column), never read by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/**
 * Read as decimal strings: only the search's statements use the bits, inside PostgreSQL, and the drivers hand them over
 * differently (pg as strings, PGlite as numbers and bigints).
 */
const wordBits = customType<{ data: string[]; driverData: unknown[] }>({
  dataType: () => "bigint[]",
  fromDriver: (value) => value.map(String),
});

/** A listing's words as search_vector holds them (migration 0026); word_bits summarises the same. */
const LISTING_WORDS =
  "setweight(to_tsvector('english'::regconfig, job_search_text(title)), 'A') || setweight(to_tsvector('english'::regconfig, job_search_text(company_name || ' ' || (skills::text))), 'B') || setweight(to_tsvector('english'::regconfig, job_search_text(location || ' ' || industry)), 'C') || setweight(to_tsvector('english'::regconfig, job_search_text(description)), 'D')";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// better-auth's core tables (user, session, account, verification) and its database rate-limit store.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // Trust and safety (ADR 0011): granted by `npm run admin` (ADMIN_EMAILS also makes admins, read at request time);
  // trusted once one of the employer's listings was approved; suspended accounts cannot sign in or publish.
  isAdmin: boolean("is_admin").notNull().default(false),
  trustedAt: timestamp("trusted_at", { withTimezone: true }),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  suspendedReason: text("suspended_reason"),
  // better-auth's two-factor plugin: set once a TOTP enrolment is confirmed with a code.
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  // A second factor an admin enrolled with the password alone: no admin powers until the mailed link is followed.
  secondFactorUnconfirmedSince: timestamp("second_factor_unconfirmed_since", { withTimezone: true }),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** better-auth's jwt plugin: the signing keys of the short-lived tokens sent to TOKEN_SYNC_URL (private keys encrypted). */
export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  alg: text("alg"),
  crv: text("crv"),
});

/** better-auth's two-factor plugin: the encrypted TOTP secret and recovery codes, one row per account. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The last TOTP time step accepted for the account: a code of that step or an earlier one is refused.
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("two_factor_user_id_idx").on(t.userId)],
);

/**
 * Proof-of-work challenges already spent (ADR 41), kept until they expire so a solution is good once, across every
 * process on one database.
 */
export const powSpent = pgTable(
  "pow_spent",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("pow_spent_expires_at_idx").on(t.expiresAt)],
);

/**
 * A company (issue 32, migration 0018, ADR 42): its details are written here once and copied onto each of its listings
 * by the database (triggers), so a listing reads as one row. `nameKey` is the name, case and spacing aside; one company
 * per owner and key. `verified` is what pages show: the admin's decision (`verifiedByAdmin`) when there is one, else
 * whether the owner's verified address is on the site's domain (server/companies/verification.ts).
 */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    industry: text("industry").notNull(),
    description: text("description").notNull(),
    logo: text("logo"),
    site: text("site"),
    linkedin: text("linkedin"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    twitter: text("twitter"),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    verified: boolean("verified").notNull().default(false),
    verifiedByAdmin: boolean("verified_by_admin"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("companies_slug_idx").on(t.slug),
    uniqueIndex("companies_owner_name_idx")
      .on(t.ownerId, t.nameKey)
      .where(sql`${t.ownerId} IS NOT NULL`),
    index("companies_ownerless_name_idx")
      .on(t.nameKey)
      .where(sql`${t.ownerId} IS NULL`),
    index("companies_name_idx").on(t.nameKey, t.id),
  ],
);

/** The product's own listings. Clean column names; `server/jobs/mapper.ts` translates to the spec's wire names. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    companyName: text("company_name").notNull(),
    industry: text("industry").notNull(),
    companySite: text("company_site"),
    higherEducation: text("higher_education"),
    companyLogo: text("company_logo"),
    description: text("description").notNull(),
    companyDescription: text("company_description").notNull(),
    responsibilities: text("responsibilities"),
    requirements: text("requirements"),
    openings: doublePrecision("openings").notNull(),
    postingDate: timestamp("posting_date", { withTimezone: true }).notNull(),
    minSalary: numeric("min_salary", { precision: 14, scale: 2, mode: "number" }).notNull(),
    maxSalary: numeric("max_salary", { precision: 14, scale: 2, mode: "number" }).notNull(),
    salaryType: text("salary_type").notNull(),
    /** ISO 4217 (shared/currencies.ts); listings from before it was asked for were in rupees. */
    salaryCurrency: text("salary_currency").notNull().default("INR"),
    location: text("location").notNull(),
    /**
     * Lower-cased copies the "contains" filters match with LIKE (ADR 26). ILIKE lower-cases every row it reads, and
     * that was half the time of a walk through the list index (a location's page 970 at 1M: 79 ms, 34 ms with LIKE).
     */
    titleLower: text("title_lower")
      .notNull()
      .generatedAlwaysAs(sql`lower(title)`),
    locationLower: text("location_lower")
      .notNull()
      .generatedAlwaysAs(sql`lower(location)`),
    englishLevel: text("english_level").notNull(),
    gender: text("gender").notNull(),
    experienceLevel: text("experience_level").notNull(),
    employmentType: text("employment_type").notNull(),
    skills: jsonb("skills")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    postedByEmail: text("posted_by_email"),
    postedByNumber: text("posted_by_number"),
    applyLink: text("apply_link").notNull(),
    /** How seekers apply (issue 31); null is the listing's link, as before there was a choice. */
    applyMethod: text("apply_method", { enum: APPLY_METHODS }),
    companyLinkedin: text("company_linkedin"),
    companyFacebook: text("company_facebook"),
    companyInstagram: text("company_instagram"),
    companyTwitter: text("company_twitter"),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * The listing's company; `companySlug` and `companyVerified` are copies the database keeps (migration 0018), and so
     * are the company columns above for a listing with an owner: whatever its insert or edit sends for them, the
     * company's details win. A listing without one (imported, seeded) keeps its own words.
     */
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    /** Set by the same trigger as the other copies; the default only stands in until it has run. */
    companySlug: text("company_slug").notNull().default(""),
    companyVerified: boolean("company_verified").notNull().default(false),
    /** Only `published` listings are shown to anyone but their owner (ADR 0011). */
    status: text("status", { enum: JOB_STATUSES }).notNull().default("published"),
    /** When its owner closed it (status `closed`): its applications' retention period runs from here. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Why a listing was rejected or hidden, as the owner sees it. */
    statusReason: text("status_reason"),
    /** Pending only until its employer verifies their address; then it is published or goes to review. */
    heldForVerification: boolean("held_for_verification").notNull().default(false),
    /** The posting date its expiry reminder was mailed for (issue 32): once per posting period; a renewal starts a new one. */
    expiryRemindedFor: timestamp("expiry_reminded_for", { withTimezone: true }),
    /** When it last became published; stamped by a trigger (migration 0007). Alert digests follow it. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Seeded by the quick start's demo, so `npm run demo -- remove` can take it away and nothing else. */
    demo: boolean("demo").notNull().default(false),
    /**
     * The words a search matches (migration 0015, ADR 38), stemmed, weighted by where they stand: A title, B company and
     * skills, C location and industry, D description. The experience level and employment type are matched on their
     * columns (migration 0026, ADR 54). Kept in the row (storage main, migration 0028, ADR 58): a ranking's walk reads
     * it for every listing it walks.
     */
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(sql.raw(LISTING_WORDS)),
    /**
     * A summary of the words, included in the walk indexes (migration 0029, ADR 59): 1,024 bits, one set for each
     * lexeme's hash. A walk rules out a listing whose bits lack a searched word without reading its row.
     */
    wordBits: wordBits("word_bits")
      .notNull()
      .generatedAlwaysAs(sql.raw(`job_word_bits(${LISTING_WORDS})`)),
    ...timestamps,
  },
  (t) => [
    // On PostgreSQL the words and the filters a text search narrows by are one text index (btree_gin, migration 0027,
    // ADR 55); the embedded database keeps the index of the words alone (jobs_search_vector_idx).
    index("jobs_search_filters_idx").using(
      "gin",
      t.searchVector,
      t.locationLower,
      t.experienceLevel,
      t.employmentType,
      t.gender,
      t.englishLevel,
    ),
    // The list index and the four walk indexes below it carry every filtered column as a trailing key, checked in the
    // index (migration 0025, ADR 50; included before, ADR 26), and the 1–2 character grams indexes exist: drizzle-kit
    // cannot declare either (ADR 20).
    index("jobs_posting_date_idx").on(t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_title_trgm_idx").using("gin", sql`${t.titleLower} gin_trgm_ops`),
    // A text of several words held by a few titles is matched as those titles (migration 0031, ADR 47 addendum).
    index("jobs_title_lower_idx").on(t.titleLower),
    index("jobs_location_trgm_idx").using("gin", sql`${t.locationLower} gin_trgm_ops`),
    // A filter on a value few listings have walks only those listings, in list order (ADR 26): gender and
    // employment type for their rarer values (the common one is three in four listings or more), experience for all.
    index("jobs_experience_date_idx").on(
      t.experienceLevel,
      t.postingDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A location search walks each matching location's listings in list order and merges them (ADR 27), instead of
    // the whole list index: a page deep in one city's results no longer reads every other city's listings on the way.
    index("jobs_location_date_idx").on(t.locationLower, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_employment_date_idx")
      .on(t.employmentType, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.employmentType} <> 'Full-time'`),
    index("jobs_gender_date_idx")
      .on(t.gender, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.gender} <> 'Any'`),
    // The same two orders over published listings alone, with nothing else in them (migration 0012, ADR 32): a page
    // with no filter but the location skips its OFFSET over entries a fifth the size of the ones above, with no status
    // to check (page 500 of one city at 1M: 0.81 -> 0.48 ms).
    index("jobs_published_date_idx")
      .on(t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("jobs_published_location_date_idx")
      .on(t.locationLower, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("jobs_owner_idx").on(t.ownerId, t.postingDate.desc().nullsFirst()),
    // A company's page, and an expired listing's other openings at its company (issue 32).
    index("jobs_company_date_idx").on(t.companyId, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_posted_by_email_idx").on(t.postedByEmail),
    // A salary search in a currency few listings use would walk the whole list index to find none (600 ms at 1M):
    // those listings have an index of their own, which the planner picks for any currency but INR (migration 0008).
    index("jobs_other_currency_idx")
      .on(t.salaryCurrency, t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.salaryCurrency} <> 'INR'`),
    index("jobs_status_idx")
      .on(t.status, t.createdAt.desc())
      .where(sql`${t.status} <> 'published'`),
  ],
);

/**
 * Every lower-cased location a listing has had, kept by triggers on `jobs` (migration 0011, ADR 27): a location
 * search first finds the few values it matches here, then walks each one's listings in list order. A value no
 * listing has any more stays, and matches nothing.
 */
export const jobLocations = pgTable("job_locations", { locationLower: text("location_lower").primaryKey() }, (t) => [
  index("job_locations_trgm_idx").using("gin", sql`${t.locationLower} gin_trgm_ops`),
]);

/**
 * Every lower-cased title a listing has had, kept by triggers on `jobs` (migration 0023, ADR 47): a text search first
 * asks here whether any title contains its text, and leaves the spec's "title contains" rule out when none does.
 */
export const jobTitles = pgTable("job_titles", { titleLower: text("title_lower").primaryKey() }, (t) => [
  index("job_titles_trgm_idx").using("gin", sql`${t.titleLower} gin_trgm_ops`),
]);

/**
 * Every lower-cased word listings' titles, companies, skills, locations and industries have had, kept by triggers on
 * `jobs` (migration 0015, ADR 38): a query word that no term starts with is a typo, corrected to the nearest terms.
 */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gist", sql`${t.term} gist_trgm_ops`),
]);

/** Every moderation step on a listing: who (null = the system), what, when, why. The listing's history. */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_events_job_idx").on(t.jobId, t.createdAt)],
);

/** A reader's report of a listing. `reporterKey` is the account id, or the client address for anonymous readers. */
export const jobReports = pgTable(
  "job_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    clientIp: text("client_ip"),
    reason: text("reason").notNull(),
    comment: text("comment"),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("job_reports_open_reporter_idx")
      .on(t.jobId, t.reporterKey)
      .where(sql`${t.status} = 'open'`),
    index("job_reports_status_idx").on(t.status, t.createdAt.desc()),
    index("job_reports_ip_idx").on(t.clientIp, t.createdAt),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    content: text("content").notNull(),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blog_posts_date_idx").on(t.date.desc())],
);

/** Normalised copies of the external sources' listings, refreshed by the ingest scheduler. */
export const externalJobs = pgTable(
  "external_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").notNull(),
    upstreamId: text("upstream_id").notNull(),
    title: text("title"),
    company: text("company"),
    logo: text("logo"),
    location: text("location"),
    employmentType: text("employment_type"),
    salaryMin: numeric("salary_min", { precision: 14, scale: 2, mode: "number" }),
    salaryMax: numeric("salary_max", { precision: 14, scale: 2, mode: "number" }),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: text("salary_period"),
    descriptionHtml: text("description_html"),
    tags: jsonb("tags")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    applyUrl: text("apply_url"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("external_jobs_source_upstream_idx").on(t.source, t.upstreamId),
    index("external_jobs_source_posted_idx").on(t.source, t.postedAt.desc()),
  ],
);

export const sourceStatus = pgTable(
  "source_status",
  {
    source: text("source").notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** The first failed refresh since the last success: pages say since when, and the scheduler logs once per outage. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    jobCount: integer("job_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source] })],
);

/**
 * Job alerts (server/alerts.ts): a search mailed to an address. Nothing is sent before `confirmedAt` (double
 * opt-in); the watermark is the newest listing already mailed (published_at, id), so each listing is mailed once.
 */
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The search's filters as URL parameters (jobSearchSchema's keys). */
    search: jsonb("search").$type<Record<string, string>>().notNull(),
    frequency: text("frequency").notNull(),
    clientIp: text("client_ip").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    watermarkAt: timestamp("watermark_at", { withTimezone: true }).notNull().defaultNow(),
    watermarkId: uuid("watermark_id"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("job_alerts_email_idx").on(t.email),
    index("job_alerts_ip_idx").on(t.clientIp, t.createdAt),
    index("job_alerts_due_idx").on(t.nextRunAt),
  ],
);

/** Addresses that bounced or complained: no alert mail goes to them again (`npm run alerts -- suppress EMAIL`). */
export const mailSuppressions = pgTable("mail_suppressions", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox of every mail: stored before anyone is told it was sent, delivered and retried by the mail sender.
 * `dedupeKey` is unique, so a mail computed twice is stored once. A `contact` row is a Contact Us message: it goes to
 * CONTACT_TO (read when it is sent, hence no `toAddress`), its `subject` (optional) and `textBody` are the visitor's, and
 * the mail is composed around them when it is sent; `clientIp` is what the contact form's rate limit counts.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["mail", "contact"] })
      .notNull()
      .default("mail"),
    dedupeKey: text("dedupe_key").notNull().unique(),
    toAddress: text("to_address"),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    headers: jsonb("headers")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Sent as plain text only, outside the board's HTML layout (migration 0034): a mail to an address a visitor typed. */
    textOnly: boolean("text_only").notNull().default(false),
    replyToName: text("reply_to_name"),
    replyToAddress: text("reply_to_address"),
    phoneNumber: text("phone_number"),
    clientIp: text("client_ip"),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The order mails were queued in (migration 0024): created_at is shared by mails queued in one transaction. */
    queueOrder: bigint("queue_order", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_client_ip_idx").on(t.clientIp, t.createdAt),
    check(
      "mail_outbox_mail_addressed",
      sql`${t.kind} <> 'mail' OR (${t.toAddress} IS NOT NULL AND ${t.subject} IS NOT NULL)`,
    ),
    check(
      "mail_outbox_contact_replies_to_visitor",
      sql`${t.kind} <> 'contact' OR (${t.replyToName} IS NOT NULL AND ${t.replyToAddress} IS NOT NULL)`,
    ),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite hands back a Uint8Array, pg a Buffer: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Applications made on the board (issue 31, migration 0017). The CV is in the row, so it commits with the application
 * and every server process can serve it. Erasing empties the personal columns and keeps the row (the count stays);
 * a deleted listing's applications keep `listingDeletedAt` and go once the retention period has passed.
 */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    listingDeletedAt: timestamp("listing_deleted_at", { withTimezone: true }),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    coverNote: text("cover_note"),
    cv: bytea("cv"),
    cvFileName: text("cv_file_name"),
    cvContentType: text("cv_content_type"),
    cvBytes: integer("cv_bytes"),
    stage: text("stage", { enum: APPLICATION_STAGES }).notNull().default("new"),
    note: text("note"),
    clientIp: text("client_ip"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("applications_job_email_idx").on(t.jobId, sql`lower(${t.email})`),
    index("applications_job_created_idx").on(t.jobId, t.createdAt.desc()),
    index("applications_client_ip_idx").on(t.clientIp, t.createdAt),
  ],
);

/**
 * One row per application a client sent (stored or not), by a keyed hash of its address (migration 0034): what the
 * per-client limit counts. Erasing an application keeps these, so apply-erase-apply is limited too; rows older than
 * the limit's window count for nothing and are deleted.
 */
export const applicationAttempts = pgTable(
  "application_attempts",
  {
    clientKey: text("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("application_attempts_key_created_idx").on(t.clientKey, t.createdAt),
    index("application_attempts_created_idx").on(t.createdAt),
  ],
);

/**
 * What each listing earned, per day (issue 32): views of its page (a person once a day, bots left out), clicks on
 * Apply, and how often it appeared on a results page. Counted in memory and added here in batches (server/stats).
 */
export const jobStatsDaily = pgTable(
  "job_stats_daily",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    applyClicks: integer("apply_clicks").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
  },
  (t) => [primaryKey({ name: "job_stats_daily_pk", columns: [t.jobId, t.day] })],
);

/**
 * The salt of each UTC day's visit keys (migration 0022): 32 random bytes, made by whichever server process asks first.
 * Only the current day's is kept; the stats flush deletes older ones (server/stats, ADR 43).
 */
export const statsSalts = pgTable("stats_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: bytea("salt").notNull(),
});

/**
 * The visits counted today, as salted hashes (what, listing, client address, user agent): a person's view or Apply
 * click is counted once a day however many server processes see it. Only the current day's; nothing else is kept.
 */
export const statsVisits = pgTable(
  "stats_visits",
  {
    day: date("day", { mode: "string" }).notNull(),
    key: text("key").notNull(),
  },
  (t) => [primaryKey({ name: "stats_visits_pk", columns: [t.day, t.key] })],
);
