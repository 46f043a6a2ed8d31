import { and, asc, count, eq, gt, inArray, isNotNull, lte, not, or, sql } from "drizzle-orm";
import {
  ALERT_FORM_ERRORS,
  alertFrequencySchema,
  alertSearchSchema,
  alertSubscriptionSchema,
  DIGEST_MAX_JOBS,
  type AlertFrequency,
  type AlertSummary,
} from "#shared/alerts.ts";
import { jobSearchSchema, searchFilterParams } from "#shared/job.ts";
import type { Db } from "#server/db/client.ts";
import { jobAlerts, mailSuppressions } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { DomainError, invalid, notFound, parseOrThrow, rateLimited } from "#server/errors.ts";
import type { Jobs } from "#server/jobs.ts";
import type { Logger } from "#server/logger.ts";
import { confirmationMail, digestMail, unsubscribeHeaders } from "#server/alerts/mails.ts";
import { nextRunAt } from "#server/alerts/schedule.ts";
import { createTokens } from "#server/alerts/tokens.ts";
import { enqueueMail } from "#server/mail.ts";
import { inRateLimitedTransaction } from "#server/rate-limit.ts";

export {
  confirmedPage,
  confirmPage,
  managePage,
  messagePage,
  unsubscribedPage,
  unsubscribePage,
} from "#server/alerts/pages.ts";
export { startAlertScheduler } from "#server/alerts/scheduler.ts";

const CONFIRM_FOR_MS = 48 * 60 * 60 * 1000;

/** Confirmed, or still within its confirmation link's 48 hours: an alert past that is counted nowhere and deleted. */
const stillWanted = (now: Date) =>
  or(isNotNull(jobAlerts.confirmedAt), gt(jobAlerts.createdAt, new Date(now.getTime() - CONFIRM_FOR_MS)))!;
const HOUR_SECONDS = 3600;
/** A claimed alert stays this instance's while it computes the digest; a crash hands it on after this. */
const CLAIM_LEASE_SECONDS = 300;

type AlertRow = typeof jobAlerts.$inferSelect;
export type DigestReport = { alertId: string; email: string; jobs: number };

/**
 * Job alerts: a visitor's search mailed to them as it gets new listings. Double opt-in, signed links instead of
 * accounts, a watermark so each listing is mailed once, and every mail through the outbox. Listings come only from
 * the jobs door's search, so what a search would not show (expired, removed, unpublished) is never mailed.
 */
export function createAlerts({
  db,
  env,
  jobs,
  secret,
  logger,
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  secret: string;
  logger: Logger;
}) {
  const tokens = createTokens(secret);
  const base = env.PUBLIC_URL;
  const links = (alert: Pick<AlertRow, "id" | "email" | "search">) => ({
    seeAll: `${base}/${Object.keys(alert.search).length ? `?${new URLSearchParams(alert.search)}` : ""}`,
    unsubscribe: `${base}/alerts/unsubscribe/${tokens.sign("unsubscribe", alert.id)}`,
    manage: `${base}/alerts/manage/${tokens.sign("manage", alert.email)}/`,
  });

  const isSuppressed = async (email: string) =>
    (await db.select({ email: mailSuppressions.email }).from(mailSuppressions).where(eq(mailSuppressions.email, email)))
      .length > 0;

  function emailFor(token: string): string {
    const email = tokens.verify("manage", token);
    if (!email) throw notFound("This link is not valid. Use the newest link from one of your alert mails.");
    return email;
  }

  async function alertsOf(email: string): Promise<AlertSummary[]> {
    const rows = await db.select().from(jobAlerts).where(eq(jobAlerts.email, email)).orderBy(asc(jobAlerts.createdAt));
    return rows.map((row) => ({
      id: row.id,
      frequency: row.frequency as AlertFrequency,
      search: row.search,
      confirmed: row.confirmedAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** One alert's digest: new listings since its watermark, mailed and the watermark moved in one transaction. */
  async function runAlert(alert: AlertRow, now: Date): Promise<DigestReport | undefined> {
    const search = jobSearchSchema.parse(alert.search);
    const [mark] = await db
      .select({ micros: sql<string>`(extract(epoch from ${jobAlerts.watermarkAt}) * 1000000)::bigint::text` })
      .from(jobAlerts)
      .where(eq(jobAlerts.id, alert.id));
    const found = await jobs.listJobsPublishedAfter({
      search,
      after: { publishedMicros: mark?.micros ?? "0", id: alert.watermarkId },
      limit: DIGEST_MAX_JOBS + 1,
      now,
    });
    const next = nextRunAt(alert.frequency as AlertFrequency, now, env.ALERTS_HOUR);
    if (!found.newest) {
      await db.update(jobAlerts).set({ nextRunAt: next }).where(eq(jobAlerts.id, alert.id));
      return undefined;
    }
    const shown = found.jobs.slice(0, DIGEST_MAX_JOBS);
    const alertLinks = links(alert);
    const mail = digestMail({
      search: alert.search,
      jobs: shown,
      more: found.jobs.length > DIGEST_MAX_JOBS,
      links: alertLinks,
      jobUrl: (job) => `${base}/jobs/${job._id}`,
    });
    const newest = found.newest;
    await db.transaction(async (tx) => {
      // The key names the alert and the newest listing: the same digest computed again is stored once.
      await enqueueMail(tx, {
        dedupeKey: `alert:${alert.id}:${newest.id}`,
        to: alert.email,
        ...mail,
        headers: unsubscribeHeaders(alertLinks),
      });
      await tx
        .update(jobAlerts)
        .set({
          watermarkAt: sql`timestamptz 'epoch' + ${newest.publishedMicros}::bigint * interval '1 microsecond'`,
          watermarkId: newest.id,
          lastSentAt: now,
          nextRunAt: next,
        })
        .where(eq(jobAlerts.id, alert.id));
    });
    return { alertId: alert.id, email: alert.email, jobs: shown.length };
  }

  return {
    /** The home page's "Email me new jobs like these": stores an unconfirmed alert and mails the confirmation link. */
    async subscribe({
      fields,
      clientIp,
      now = new Date(),
    }: {
      fields: Record<string, unknown>;
      clientIp: string;
      now?: Date;
    }) {
      const input = parseOrThrow(alertSubscriptionSchema, fields);
      const search = Object.fromEntries(
        searchFilterParams(jobSearchSchema.parse(parseOrThrow(alertSearchSchema, input.search))),
      );
      // Read before the transaction: PGlite has one connection, and a query beside an open transaction would wait on it.
      const suppressed = await isSuppressed(input.email);
      const limit = { max: env.ALERTS_RATE_LIMIT_MAX, windowSeconds: HOUR_SECONDS };
      const rows = { table: jobAlerts, key: jobAlerts.clientIp, createdAt: jobAlerts.createdAt };
      const created = await inRateLimitedTransaction(
        db,
        { bucket: "alerts", key: clientIp, limit, rows },
        async (tx, verdict) => {
          // The message says an hour, so Retry-After does too, whenever the oldest of them was set up.
          if (!verdict.allowed) {
            throw rateLimited(ALERT_FORM_ERRORS.limited, HOUR_SECONDS);
          }
          const [mine] = await tx
            .select({ n: count() })
            .from(jobAlerts)
            .where(and(eq(jobAlerts.email, input.email), stillWanted(now)));
          if ((mine?.n ?? 0) >= env.ALERTS_PER_ADDRESS) {
            throw new DomainError(
              "CONFLICT",
              `This address already has ${env.ALERTS_PER_ADDRESS} alerts, the most it can have. Delete one from the manage link in any alert mail first.`,
            );
          }
          const [row] = await tx
            .insert(jobAlerts)
            .values({ email: input.email, search, frequency: input.frequency, clientIp })
            .returning();
          if (!row) throw new Error("The alert insert returned no row");
          if (suppressed) return row;
          const confirmUrl = `${base}/alerts/confirm/${tokens.sign("confirm", row.id, new Date(now.getTime() + CONFIRM_FOR_MS))}`;
          await enqueueMail(tx, {
            dedupeKey: `alert-confirm:${row.id}`,
            to: input.email,
            ...confirmationMail({ search, confirmUrl, frequency: input.frequency }),
          });
          return row;
        },
      );
      logger.info({ alertId: created.id }, "job alert awaiting confirmation");
      return { ok: true as const };
    },

    /** What the confirmation link's page shows before its button is pressed. */
    async describeConfirmation({ token, now = new Date() }: { token: string; now?: Date }) {
      const id = tokens.verify("confirm", token, now);
      if (!id)
        throw invalid("This confirmation link has expired or is not valid. Set up the alert again from the home page.");
      const [alert] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
      if (!alert) throw notFound("This alert no longer exists. Set it up again from the home page.");
      return { search: alert.search };
    },

    /** The confirmation link: from now on the alert mails listings published after this moment. */
    async confirm({ token, now = new Date() }: { token: string; now?: Date }) {
      const id = tokens.verify("confirm", token, now);
      if (!id)
        throw invalid("This confirmation link has expired or is not valid. Set up the alert again from the home page.");
      const [alert] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
      if (!alert) throw notFound("This alert no longer exists. Set it up again from the home page.");
      if (!alert.confirmedAt) {
        await db
          .update(jobAlerts)
          .set({
            confirmedAt: now,
            watermarkAt: sql`now()`,
            watermarkId: null,
            nextRunAt: nextRunAt(alert.frequency as AlertFrequency, now, env.ALERTS_HOUR),
          })
          .where(eq(jobAlerts.id, id));
      }
      return { search: alert.search, frequency: alert.frequency as AlertFrequency, manageUrl: links(alert).manage };
    },

    /** What the unsubscribe link's confirm page shows (a GET changes nothing: mail scanners follow links). */
    async describeUnsubscribe({ token }: { token: string }) {
      const id = tokens.verify("unsubscribe", token);
      const [alert] = id ? await db.select().from(jobAlerts).where(eq(jobAlerts.id, id)) : [];
      return alert ? { search: alert.search, email: alert.email } : undefined;
    },

    /** RFC 8058 one-click: idempotent, answers the same whether or not the alert still existed. */
    async unsubscribe({ token }: { token: string }) {
      const id = tokens.verify("unsubscribe", token);
      if (!id) throw notFound("This unsubscribe link is not valid.");
      await db.delete(jobAlerts).where(eq(jobAlerts.id, id));
      return { ok: true as const };
    },

    /** The manage page: every alert of the address the link was mailed to. */
    async listAlerts({ token }: { token: string }): Promise<{ email: string; alerts: AlertSummary[] }> {
      const email = emailFor(token);
      return { email, alerts: await alertsOf(email) };
    },

    /** A signed-in user's own alerts (those mailed to their account's address), and the link to manage them. */
    async listAlertsOfUser({ user }: { user: { email: string } }) {
      const email = user.email.trim().toLowerCase();
      return { alerts: await alertsOf(email), manageUrl: `/alerts/manage/${tokens.sign("manage", email)}/` };
    },

    async changeFrequency({
      token,
      id,
      fields,
      now = new Date(),
    }: {
      token: string;
      id: string;
      fields: Record<string, unknown>;
      now?: Date;
    }) {
      const email = emailFor(token);
      const { frequency } = parseOrThrow(alertFrequencySchema, fields);
      const rows = await db
        .update(jobAlerts)
        .set({ frequency, nextRunAt: nextRunAt(frequency, now, env.ALERTS_HOUR) })
        .where(and(eq(jobAlerts.id, id), eq(jobAlerts.email, email)))
        .returning({ id: jobAlerts.id });
      if (rows.length === 0) throw notFound("No such alert for this address");
      return { ok: true as const };
    },

    async deleteAlert({ token, id }: { token: string; id: string }) {
      const email = emailFor(token);
      await db.delete(jobAlerts).where(and(eq(jobAlerts.id, id), eq(jobAlerts.email, email)));
      return { ok: true as const };
    },

    async deleteAllAlerts({ token }: { token: string }) {
      const email = emailFor(token);
      await db.delete(jobAlerts).where(eq(jobAlerts.email, email));
      return { ok: true as const };
    },

    /**
     * Every confirmed alert that is due gets its digest (none when nothing is new). Alerts are claimed with SKIP
     * LOCKED and a lease, so with several instances each alert is processed by one; the outbox's dedupe key makes
     * a digest computed twice (a crash after mailing, before the watermark moved) one mail.
     */
    async runDueAlerts({ now = new Date() }: { now?: Date } = {}): Promise<DigestReport[]> {
      // An alert whose confirmation link has expired can never be confirmed: it is only a row that holds an address.
      await db.delete(jobAlerts).where(not(stillWanted(now)));
      const reports: DigestReport[] = [];
      for (;;) {
        const due = db
          .select({ id: jobAlerts.id })
          .from(jobAlerts)
          .where(
            and(
              isNotNull(jobAlerts.confirmedAt),
              lte(jobAlerts.nextRunAt, now),
              sql`${jobAlerts.email} NOT IN (SELECT ${mailSuppressions.email} FROM ${mailSuppressions})`,
            ),
          )
          .orderBy(asc(jobAlerts.nextRunAt))
          .limit(50)
          .for("update", { skipLocked: true });
        const claimed = await db
          .update(jobAlerts)
          .set({ nextRunAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
          .where(inArray(jobAlerts.id, due))
          .returning();
        for (const alert of claimed) {
          try {
            const report = await runAlert(alert, now);
            if (report) reports.push(report);
          } catch (error) {
            logger.error({ err: error, alertId: alert.id }, "job alert digest failed; it is retried after its lease");
          }
        }
        if (claimed.length < 50) return reports;
      }
    },

    /** A bounced or complaining address: no alert mail goes to it again. */
    async suppress({ email }: { email: string }) {
      const address = email.trim().toLowerCase();
      await db.insert(mailSuppressions).values({ email: address }).onConflictDoNothing();
      return { email: address };
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
