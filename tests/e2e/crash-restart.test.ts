import fs from "node:fs";
import { expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

/**
 * 5 in CI, to keep the run short (each restart is about 9 s on a loaded machine); `CYCLES=50 npx vitest run
 * tests/e2e/crash-restart.test.ts` for a longer run by hand.
 */
const CYCLES = Number(process.env.CYCLES ?? 5);
const ENV = { SEED_DEMO: "false", BETTER_AUTH_SECRET: "crash-test-secret-crash-test-secret-0000" };

/** Two employers' worth of posting in a loop until the server goes away; returns the ids the API acknowledged. */
function postUntilDown(
  app: SpawnedApp,
  owner: Session,
  cycle: number,
  acknowledged: string[],
  onAck: () => void,
): Promise<void> {
  const writer = async (lane: number) => {
    for (let n = 0; ; n++) {
      try {
        const { status, json } = await api(app.url, "/api/post-job", {
          method: "POST",
          session: owner,
          body: validJob({ jobTitle: `Crash ${cycle}.${lane}.${n}` }),
        });
        if (status !== 201) throw new Error(`post answered ${status}: ${JSON.stringify(json)}`);
        acknowledged.push(json.insertedId);
        onAck();
      } catch (error) {
        // The kill ends every writer with a network error; anything else is a failure of the product.
        if (app.process.exitCode !== null || app.process.signalCode !== null) return;
        if (error instanceof TypeError) return;
        throw error;
      }
    }
  };
  return Promise.all([writer(1), writer(2)]).then(() => undefined);
}

test(
  `npm start killed with SIGKILL while employers post comes back at once with every acknowledged listing, ${CYCLES} times in a row`,
  async () => {
    let app = await spawnApp(ENV);
    const dataDir = app.dataDir;
    const owner = await signUp(app.url);
    const acknowledged: string[] = [];
    const restartMs: number[] = [];
    let waitedForLock = 0;
    try {
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const ackedBefore = acknowledged.length;
        let killed!: Promise<void>;
        const enoughWritten = new Promise<void>((resolve) => {
          const check = () => acknowledged.length - ackedBefore >= 3 && resolve();
          killed = postUntilDown(app, owner, cycle, acknowledged, check);
        });
        await enoughWritten;
        // Writes are still in flight: the kill lands mid-request, mid-transaction.
        await app.crash();
        await killed;

        const restarting = Date.now();
        app = await spawnApp(ENV, { dataDir });
        restartMs.push(Date.now() - restarting);
        if (/waiting up to/.test(app.output())) waitedForLock++;

        const { status, json } = await api(app.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, {
          session: owner,
        });
        expect(status).toBe(200);
        const stored = new Set((json as { _id: string }[]).map((job) => job._id));
        const lost = acknowledged.filter((id) => !stored.has(id));
        expect(lost, `cycle ${cycle}: acknowledged listings missing after the restart`).toEqual([]);
      }
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const sorted = [...restartMs].sort((a, b) => a - b);
    console.log(
      `${CYCLES} SIGKILL/restart cycles: ${acknowledged.length} listings acknowledged, 0 lost; ` +
        `restart to healthy median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms; ` +
        `${waitedForLock} restarts waited for the lock`,
    );
  },
  120_000 + CYCLES * 60_000,
);
