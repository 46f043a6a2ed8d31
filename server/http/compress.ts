import { promisify } from "node:util";
import { gzip as gzipCallback, gzipSync, type ZlibOptions } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

const gzip = promisify(gzipCallback);

/** Smaller answers are sent as they are: gzip's header and the work cost more than they save. */
const THRESHOLD_BYTES = 1024;

/**
 * Level 1, nginx's default (ADR 27): a page of 100 listings (170 kB) takes 0.75 ms of CPU instead of 1.7 ms at zlib's
 * default level 6, and is sent as 19 kB instead of 14 kB; a page of 10 as 2.8 kB instead of 2.5 kB.
 */
const JSON_GZIP: ZlibOptions = { level: 1 };

/**
 * Up to this size a body is compressed in place. Handing it to the thread pool cost more than the compression: 0.40 ms
 * of CPU for a page of 10 listings against 0.09 ms in place, and the pool's threads run on the same cores anyway.
 * The largest page of listings (100) is about 170 kB.
 */
const IN_PLACE_MAX_BYTES = 256 * 1024;

/**
 * The answers made whole before they are sent, compressed in one call: JSON, and the pages, which are rendered whole
 * (app/entry.server.tsx). Through the stream at zlib's default level, a page of results (about 90 kB) cost a gzip call
 * on the thread pool per 2 kB chunk of React's output.
 */
const WHOLE_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)\b/i;

/** The JSON answers `c.json` made whole: they leave as they are, with no second look at their body. */
const finished = new WeakSet<Response>();

/**
 * gzip for what the server sends (ADR 26, ADR 27, ADR 32). A JSON answer is whole before it is sent, so it is
 * compressed in one zlib call and written as one buffer with its length. Through CompressionStream (web streams, a
 * write per chunk) the same answers cost the event loop more than the searches did: at 1M listings under 8
 * connections the tail went from p95 ~240 ms to ~160 ms without it. Pages are whole too (ADR 49); feeds are written as
 * they are read, so they are still compressed as a stream.
 *
 * `c.json` is replaced for the request by one that serialises, compresses and sizes the answer at once (ADR 32). Hono's
 * own makes a Response that middleware after it can only read back as a stream, and reading it (plus a copy of the
 * Response for each header set after it) cost more of the server's one thread than the search's own code.
 */
export function compressResponses(): MiddlewareHandler {
  const streamed = compress();
  return (c, next) =>
    streamed(c, async () => {
      c.json = ((object: unknown, arg?: unknown, headers?: unknown) =>
        jsonAnswer(c, JSON.stringify(object), arg, headers)) as typeof c.json;
      await next();
      await compressWhole(c);
    });
}

/**
 * A JSON answer as one buffer: gzip when the client takes it and the text is worth it, with its length and
 * `Vary: Accept-Encoding`. A text too large to compress in place is left to compressWhole, which hands it to the
 * thread pool.
 */
function jsonAnswer(c: Context, text: string, arg: unknown, headers: unknown): Response {
  c.header("Content-Type", "application/json");
  const body = Buffer.from(text);
  if (body.length > IN_PLACE_MAX_BYTES) return c.body(text, arg as never, headers as never);
  const compressed = body.length >= THRESHOLD_BYTES && acceptsGzip(c.req.header("Accept-Encoding"));
  const sent = compressed ? gzipSync(body, JSON_GZIP) : body;
  c.header("Vary", "Accept-Encoding", { append: true });
  if (compressed) c.header("Content-Encoding", "gzip");
  c.header("Content-Length", String(sent.length));
  const response = c.body(
    new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length),
    arg as never,
    headers as never,
  );
  finished.add(response);
  return response;
}

async function compressWhole(c: Context): Promise<void> {
  const response = c.res;
  if (finished.has(response)) return;
  if (!WHOLE_TYPE.test(response.headers.get("Content-Type") ?? "") || !response.body || c.req.method === "HEAD") return;
  if (response.headers.has("Content-Encoding") || response.status === 206) return;
  const headers = new Headers(response.headers);
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
  const body = Buffer.from(await response.arrayBuffer());
  const compressed = body.length >= THRESHOLD_BYTES && acceptsGzip(c.req.header("Accept-Encoding"));
  const sent = !compressed
    ? body
    : body.length <= IN_PLACE_MAX_BYTES
      ? gzipSync(body, JSON_GZIP)
      : await gzip(body, JSON_GZIP);
  if (compressed) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(sent.length));
  c.res = new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Whether Accept-Encoding allows gzip: named, or by `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return allowed;
    if (name.trim() === "*") wildcard = allowed;
  }
  return wildcard;
}
