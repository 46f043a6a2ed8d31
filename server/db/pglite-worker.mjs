// The embedded database on a thread of its own (issue 10, ADR 18): PGlite runs every query synchronously on the thread
// that owns it, so in the server's thread one slow search froze every other request, /api/health included. This file
// is plain JavaScript because worker threads do not inherit the TypeScript loader; server/db/pglite-thread.ts is the
// other end of the messages.
import { Blob } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const identity = (value) => value;

/** Drizzle's parsers keep dates, intervals and numeric arrays as text; functions cannot cross threads, so their type ids do. */
const configOf = (config) =>
  config
    ? { rowMode: config.rowMode, parsers: Object.fromEntries(config.rawTypes.map((type) => [type, identity])) }
    : undefined;

const plain = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

const SCALAR = new Set(["string", "number", "boolean"]);

/**
 * A database error's own fields (code, detail, constraint…) travel with it: callers read them. Only plain values:
 * PGlite also hangs the query's options on the error, parsers included, and a function cannot cross threads.
 */
const serialise = (error) =>
  error instanceof Error
    ? {
        ...Object.fromEntries(Object.entries(error).filter(([, value]) => SCALAR.has(typeof value))),
        name: error.name,
        message: error.message,
      }
    : { message: String(error) };

class Rollback extends Error {}

const BYTEA = 17;

/**
 * PGlite's own bytea text conversion goes byte by byte through an array of strings: a 1 MB CV took ~100 ms and
 * megabytes of garbage on this thread, and every query waited behind it. Node's hex codec does the same in native code.
 * The parsed copy owns its memory, so passing it back to the server's thread copies only the file.
 */
const byteaText = {
  serializers: {
    [BYTEA]: (value) => {
      if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
    },
  },
  parsers: {
    [BYTEA]: (text) => {
      const bytes = Buffer.allocUnsafeSlow((text.length - 2) / 2);
      bytes.write(text.slice(2), "hex");
      return new Uint8Array(bytes.buffer, 0, bytes.length);
    },
  },
};

const pg = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
  extensions: { pg_trgm },
  ...byteaText,
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, "-c", "synchronous_commit=on"],
});

/** Open transactions by id: the handle queries go to, and how to end it (true commits). */
const open = new Map();

function begin(id) {
  return new Promise((started, failed) => {
    let end;
    const ended = new Promise((resolve) => (end = resolve));
    const whole = pg
      .transaction(async (tx) => {
        open.set(id, { tx, end, whole });
        started();
        if (!(await ended)) throw new Rollback();
      })
      .finally(() => open.delete(id));
    whole.catch((error) => {
      if (!(error instanceof Rollback)) failed(error);
    });
  });
}

async function finish(tx, commit) {
  const entry = open.get(tx);
  if (!entry?.end) throw new Error(`No open transaction ${tx}`);
  entry.end(commit);
  try {
    await entry.whole;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

async function handle(message) {
  const target = message.tx ? open.get(message.tx)?.tx : pg;
  switch (message.type) {
    case "query":
      if (!target) throw new Error(`No open transaction ${message.tx}`);
      return plain(await target.query(message.sql, message.params, configOf(message.config)));
    case "exec":
      if (!target) throw new Error(`No open transaction ${message.tx}`);
      return (await target.exec(message.sql)).map(plain);
    case "begin":
      return begin(message.id);
    case "end":
      return finish(message.tx, message.commit);
    case "dump":
      return new Uint8Array(await (await pg.dumpDataDir(message.compression)).arrayBuffer());
    case "close":
      return pg.close();
    default:
      throw new Error(`Unknown message ${message.type}`);
  }
}

/** An answer that cannot cross threads becomes an error for that one query, never a crash of the database thread. */
function reply(answer) {
  try {
    parentPort.postMessage(answer);
  } catch (error) {
    parentPort.postMessage({
      id: answer.id,
      error: { name: "DataCloneError", message: `The answer could not be passed back: ${error.message}` },
    });
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => reply({ id: message.id, result }),
    (error) => reply({ id: message.id, error: serialise(error) }),
  );
});
parentPort.postMessage({ ready: true });
