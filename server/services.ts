import { createAlerts, type Alerts } from "#server/alerts.ts";
import { createApplications, type Applications } from "#server/applications.ts";
import { createAuth, createSessions, type Auth, type Sessions } from "#server/auth.ts";
import { createBlog, type Blog } from "#server/blog.ts";
import { createChallenges, type Challenges } from "#server/challenges.ts";
import { createCompanies, type Companies } from "#server/companies.ts";
import { createContact, type Contact } from "#server/contact.ts";
import type { Database } from "#server/db/client.ts";
import { primaryReads, type Replicas } from "#server/db/replicas.ts";
import type { Env } from "#server/env.ts";
import { createHeroCounters, type HeroCounters } from "#server/hero-counters.ts";
import { createJobs, type Jobs } from "#server/jobs.ts";
import type { Logger } from "#server/logger.ts";
import { createMetrics, metricsWanted, type Metrics } from "#server/metrics.ts";
import { createModeration, type Moderation } from "#server/moderation.ts";
import { createRenewals, type Renewals } from "#server/renewals.ts";
import { createStats, type Stats } from "#server/stats.ts";
import { siteSettings } from "#server/site.ts";
import { createSources, type Sources } from "#server/sources.ts";
import type { SiteSettings } from "#shared/site.ts";

/**
 * Everything a request handler or page loader may need, built once per process (or per test server): the
 * infrastructure, and one door per domain. Pages reach the domains only through this object (ADR 0004).
 */
export type AppServices = {
  env: Env;
  /** The operator's board as pages show it (name, contact details, counters). */
  site: SiteSettings;
  /** The figures behind the hero's `auto` counters, counted every few minutes (issue 76). */
  heroCounters: HeroCounters;
  database: Database;
  /** The read replicas, when DATABASE_REPLICA_URLS names any (ADR 39); /api/health reports them. */
  replicas?: Replicas;
  auth: Auth;
  logger: Logger;
  sessions: Sessions;
  jobs: Jobs;
  /** Company pages, their owners' edits, badges, and the admins' verification and merge (issue 32). */
  companies: Companies;
  sources: Sources;
  contact: Contact;
  blog: Blog;
  alerts: Alerts;
  moderation: Moderation;
  applications: Applications;
  /** Proof-of-work challenges for the forms bots fill (ADR 41). */
  challenges: Challenges;
  /** What each listing earned, counted in this process's memory and flushed in batches (issue 32). */
  stats: Stats;
  /** Expiry reminders and renewal (issue 32). */
  renewals: Renewals;
  /** This process's figures for /metrics. */
  metrics: Metrics;
};

export function createServices({
  env,
  database,
  replicas,
  logger,
  secret,
}: {
  env: Env;
  database: Database;
  replicas?: Replicas | undefined;
  logger: Logger;
  secret: string;
}): AppServices {
  const { db } = database;
  // The reads anyone may make signed out go to a replica when there are any (ADR 39); the rest stays on `db`.
  const reads = replicas ?? primaryReads(db);
  // The jobs domain announces a listing submitted for review; moderation, which acts on listings through the jobs
  // door, records it and mails the admins. Wired here so neither door imports the other both ways.
  const jobs = createJobs({
    db,
    reads,
    env,
    hooks: {
      onSubmittedForReview: (submission) => moderation.listingSubmitted(submission),
      // A company a listing made has its badge decided at once; a listing that joins one changes none of its inputs.
      onCompanyMade: ({ ownerId }) => companies.refreshVerificationOf({ userId: ownerId }),
    },
  });
  const moderation = createModeration({ db, env, jobs });
  const companies = createCompanies({ db, reads, requireAdmin: moderation.requireAdmin });
  // better-auth tells the jobs domain when an address is verified, so the listings held for it go on.
  const auth = createAuth({
    db,
    env,
    secret,
    hooks: {
      onEmailVerified: async (userId) => {
        await jobs.releaseVerifiedListings({ userId });
        // A verified address on a company's own domain verifies the company.
        await companies.refreshVerificationOf({ userId });
      },
    },
  });
  const applications = createApplications({ db, env, jobs, secret });
  const stats = createStats({ db, env, jobs, applications });
  const site = siteSettings(env);
  return {
    env,
    site,
    heroCounters: createHeroCounters({ db, counters: site.counters }),
    database,
    ...(replicas ? { replicas } : {}),
    logger,
    auth,
    sessions: createSessions({ auth, env, db }),
    jobs,
    companies,
    sources: createSources({ reads, env }),
    contact: createContact({ db, env, logger }),
    blog: createBlog(db),
    alerts: createAlerts({ db, env, jobs, secret, logger }),
    moderation,
    applications,
    stats,
    renewals: createRenewals({ database, env, jobs, stats, secret }),
    challenges: createChallenges({ db, env, secret }),
    metrics: createMetrics(database, replicas, { counting: metricsWanted(env) }),
  };
}
