/**
 * `npm run alerts -- run`: queues every job alert digest that is due, once, delivers the mail outbox (when SMTP_URL
 * is set), prints one line per digest and exits. For cron, with ALERTS_SCHEDULER=false on the servers.
 * `npm run alerts -- suppress EMAIL`: no alert mail goes to EMAIL again (a bounce or a complaint).
 */
import { createAlerts } from "#server/alerts.ts";
import { createJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { createTransport, deliverDueMails } from "#server/mail.ts";
import { resolveAuthSecret } from "#server/secret.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const [command, email] = process.argv.slice(2);
if (command !== "run" && !(command === "suppress" && email))
  exitWithUsage("Usage: npm run alerts -- run | suppress EMAIL");

runWithDatabase(async ({ env, database }) => {
  const logger = createLogger({ ...env, LOG_LEVEL: "warn" });
  const alerts = createAlerts({
    db: database.db,
    env,
    jobs: createJobs({ db: database.db, env }),
    secret: resolveAuthSecret(env),
    logger,
  });
  if (command === "suppress") {
    const { email: address } = await alerts.suppress({ email: email as string });
    console.log(`suppressed ${address}: no alert mail goes to it again`);
    return 0;
  }
  const digests = await alerts.runDueAlerts();
  for (const digest of digests)
    console.log(`digest  ${digest.email}  ${digest.jobs} new job(s)  alert ${digest.alertId}`);
  console.log(`${digests.length} digest(s) queued`);
  if (!env.SMTP_URL) {
    console.log("SMTP_URL is not set: the mails wait in the outbox");
    return 0;
  }
  const transport = createTransport(env.SMTP_URL);
  try {
    console.log(`${await deliverDueMails({ db: database.db, env, logger, transport })} mail(s) delivered`);
  } finally {
    transport.close();
  }
  return 0;
});
