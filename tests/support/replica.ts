import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A streaming replica of a PostgreSQL server on this machine, in a temporary directory, for the replica tests. */
export type StreamingReplica = {
  port: number;
  /** `primaryUrl` with the replica's host and port: the same database, read from the replica. */
  urlFor(primaryUrl: string): string;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the postmaster at once, as a crash or a lost host would; `start` brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
};

/**
 * `pg_basebackup -R` of the server `primaryUrl` points at, into a temporary directory, and a second postmaster on a
 * free loopback port streaming from it. Uses Debian's binaries for the server's major version; as root, runs them as
 * the `postgres` user (PostgreSQL refuses to run as root). Makes the server's pg_hba.conf accept replication
 * connections from 127.0.0.1 first if it does not (and reloads it): only that line is added.
 */
export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica> {
  const bin = await binariesFor(primaryUrl);
  await allowReplicationFromLoopback(primaryUrl);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-replica-"));
  const dataDir = path.join(dir, "data");
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) await run("chown", ["postgres:postgres", dir]);
  const pgCommand = (command: string, args: string[]) =>
    asPostgres
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);

  const source = new URL(primaryUrl);
  source.pathname = "/postgres";
  await pgCommand("pg_basebackup", ["-d", source.toString(), "-D", dataDir, "-R", "-X", "stream", "-c", "fast"]);

  const port = await freePort();
  // A hot standby refuses to start with fewer of these than its primary has.
  const atLeastPrimary = await settingsOf(primaryUrl, [
    "max_connections",
    "max_worker_processes",
    "max_wal_senders",
    "max_prepared_transactions",
    "max_locks_per_transaction",
  ]);
  // Debian keeps the server's configuration in /etc, outside the data directory the backup copied: the replica gets
  // its own, enough for a small hot standby on loopback. A recovery conflict cancels a query after 1 s of waiting.
  const conf = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    "hot_standby = on",
    ...atLeastPrimary.map(({ name, setting }) => `${name} = ${setting}`),
    "shared_buffers = 32MB",
    "max_standby_streaming_delay = 1s",
    "fsync = off",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dataDir, "postgresql.conf"), conf);
  fs.writeFileSync(path.join(dataDir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  fs.writeFileSync(path.join(dataDir, "pg_ident.conf"), "");
  if (asPostgres) {
    const files = ["postgresql.conf", "pg_hba.conf", "pg_ident.conf"].map((file) => path.join(dataDir, file));
    await run("chown", ["postgres:postgres", ...files]);
  }
  const log = path.join(dir, "postmaster.log");
  // A postmaster that does not come up says why in its log, not in pg_ctl's answer: the error carries the log's end.
  const start = () =>
    pgCommand("pg_ctl", ["-D", dataDir, "-l", log, "-w", "-t", "60", "start"]).then(
      () => undefined,
      (error: unknown) => {
        const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-15).join("\n") : "";
        throw new Error(`The replica did not start: ${String(error)}\n${tail}`);
      },
    );
  const stop = (mode: "immediate" | "fast") =>
    pgCommand("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]).then(() => undefined);
  await start();

  const urlFor = (url: string) => {
    const replica = new URL(url);
    replica.hostname = "127.0.0.1";
    replica.port = String(port);
    return replica.toString();
  };
  const onReplica = async (statement: string) => {
    const client = new pg.Client({ connectionString: urlFor(source.toString()) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    urlFor,
    pauseReplay: () => onReplica("SELECT pg_wal_replay_pause()"),
    resumeReplay: () => onReplica("SELECT pg_wal_replay_resume()"),
    stop: () => stop("immediate"),
    start,
    destroy: async () => {
      await stop("immediate").catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Until `url`'s database exists on the replica and answers (a database created on the primary moments ago). */
export async function waitForReplicaDatabase(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function binariesFor(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT current_setting('server_version_num') AS n");
    const major = Math.floor(Number(rows[0]?.n) / 10_000);
    const bin = `/usr/lib/postgresql/${major}/bin`;
    if (!fs.existsSync(path.join(bin, "pg_basebackup"))) {
      throw new Error(`The replica tests need PostgreSQL ${major}'s server binaries in ${bin} (postgresql-${major})`);
    }
    return bin;
  } finally {
    await client.end();
  }
}

/**
 * `host all all` does not cover replication connections: they need a line naming `replication`. Adds one for
 * 127.0.0.1 when no host line allows replication, and reloads; other users of the server see no change.
 */
export async function allowReplicationFromLoopback(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_hba_file_rules
       WHERE type = 'host' AND 'replication' = ANY(database) AND address IN ('127.0.0.1', 'all', '0.0.0.0')`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    const file = (await client.query<{ hba_file: string }>("SHOW hba_file")).rows[0]?.hba_file;
    if (!file) throw new Error("PostgreSQL did not say where its pg_hba.conf is");
    fs.appendFileSync(
      file,
      "\n# Added by the job board's replica tests: streaming replicas on this machine\nhost replication all 127.0.0.1/32 trust\n",
    );
    await client.query("SELECT pg_reload_conf()");
    // The reload is asynchronous; the new rule is in force once the postmaster has read the file.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await client.end();
  }
}

async function settingsOf(url: string, names: string[]): Promise<{ name: string; setting: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name = ANY($1)",
      [names],
    );
    return rows;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
