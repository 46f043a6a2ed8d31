import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
    location: text("location").notNull(),
    englishLevel: text("english_level").notNull(),
    gender: text("gender").notNull(),
    experienceLevel: text("experience_level").notNull(),
    employmentType: text("employment_type").notNull(),
    skills: jsonb("skills").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    postedByEmail: text("posted_by_email"),
    postedByNumber: text("posted_by_number"),
    applyLink: text("apply_link").notNull(),
    companyLinkedin: text("company_linkedin"),
    companyFacebook: text("company_facebook"),
    companyInstagram: text("company_instagram"),
    companyTwitter: text("company_twitter"),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("jobs_posting_date_idx").on(t.postingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("jobs_location_trgm_idx").using("gin", sql`${t.location} gin_trgm_ops`),
    index("jobs_experience_date_idx").on(t.experienceLevel, t.postingDate.desc().nullsFirst()),
    index("jobs_employment_date_idx").on(t.employmentType, t.postingDate.desc().nullsFirst()),
    index("jobs_owner_idx").on(t.ownerId, t.postingDate.desc().nullsFirst()),
    index("jobs_posted_by_email_idx").on(t.postedByEmail),
  ],
);

/** Contact form outbox: a message is stored before the request is answered, then delivered by the mail sender. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    subject: text("subject"),
    message: text("message").notNull(),
    clientIp: text("client_ip"),
    status: text("status", { enum: ["pending", "sent"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_pending_idx").on(t.status, t.nextAttemptAt),
    index("contact_messages_ip_idx").on(t.clientIp, t.createdAt),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    content: text("content").notNull(),
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
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
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
    jobCount: integer("job_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source] })],
);
