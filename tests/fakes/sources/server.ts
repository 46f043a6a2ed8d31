import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { SourceId } from "#shared/sources.ts";
import { adzunaAuthFailure, adzunaBody } from "#tests/fakes/sources/adzuna.ts";
import { himalayasBody } from "#tests/fakes/sources/himalayas.ts";
import { jobWizBody } from "#tests/fakes/sources/jobwiz.ts";
import { joobleBody } from "#tests/fakes/sources/jooble.ts";
import { remoteOkBody } from "#tests/fakes/sources/remoteok.ts";

/** What a fake source does with the next requests instead of answering normally. */
export type Fault = "timeout" | "429" | "500" | "malformed" | "wrong-shape" | "huge" | "redirect";

export type FakeSourceState = {
  jobs: unknown[];
  fault: Fault | null;
  /** How many requests get the fault before answers are normal again. */
  faultTimes: number;
  retryAfterSeconds: number;
  /** Extra envelope keys (the spec's JobWiz `total_results`). */
  extras: Record<string, unknown>;
};

export type LoggedRequest = {
  source: SourceId;
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
};

export const FAKE_KEYS = {
  ADZUNA_APP_ID: "fake-adzuna-id",
  ADZUNA_APP_KEY: "fake-adzuna-key",
  JOOBLE_API_KEY: "fake-jooble-key",
  JOBWIZ_API_KEY: "fake-jobwiz-key",
} as const;

export type FakeSources = {
  url: string;
  /** Env that points the app at these fakes, with working keys. */
  env: Record<string, string>;
  state: Record<SourceId, FakeSourceState>;
  set(source: SourceId, patch: Partial<FakeSourceState>): void;
  requests(source?: SourceId): LoggedRequest[];
  /** Holds `source`'s answers (requests are still logged) until the returned function is called. */
  hold(source: SourceId): () => void;
  close(): Promise<void>;
};

const HUGE_BYTES = 5 * 1024 * 1024;

function emptyState(): FakeSourceState {
  return { jobs: [], fault: null, faultTimes: Infinity, retryAfterSeconds: 1, extras: {} };
}

/**
 * The five upstream APIs over real HTTP on a loopback port, each speaking its real shape (reference doc)
 * with its own paging and auth rules, plus faults on demand. Used by tests and `npm run sources:fake`.
 */
export async function startFakeSources({ port = 0 }: { port?: number } = {}): Promise<FakeSources> {
  const state: Record<SourceId, FakeSourceState> = {
    remoteok: emptyState(),
    adzuna: emptyState(),
    himalayas: emptyState(),
    jooble: emptyState(),
    jobwiz: emptyState(),
  };
  const log: LoggedRequest[] = [];
  const holds = new Map<SourceId, Promise<void>>();

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake.local");
      const source = routeOf(req.method ?? "GET", url.pathname);
      if (!source) return send(res, 404, JSON.stringify({ message: "Not found" }));
      log.push({ source, method: req.method ?? "GET", url, headers: req.headers, body, at: Date.now() });
      await holds.get(source);
      const current = state[source];
      if (current.fault && current.faultTimes > 0) {
        current.faultTimes--;
        return fault(res, current);
      }
      answer(source, current, url, req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    env: {
      ...FAKE_KEYS,
      REMOTEOK_URL: `${base}/remoteok/api`,
      ADZUNA_URL: `${base}/adzuna/v1/api/jobs`,
      JOOBLE_URL: `${base}/jooble/api`,
      HIMALAYAS_URL: `${base}/himalayas/jobs/api`,
      JOBWIZ_URL: `${base}/jobwiz/v1/job-description-search`,
    },
    state,
    set(source, patch) {
      Object.assign(state[source], patch);
      if (patch.fault === null) state[source].faultTimes = Infinity;
    },
    requests: (source) => log.filter((entry) => !source || entry.source === source),
    hold(source) {
      let release!: () => void;
      holds.set(source, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(source);
        release();
      };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function routeOf(method: string, path: string): SourceId | null {
  if (method === "GET" && path === "/remoteok/api") return "remoteok";
  if (method === "GET" && /^\/adzuna\/v1\/api\/jobs\/[a-z]{2}\/search\/\d+$/.test(path)) return "adzuna";
  if (method === "POST" && /^\/jooble\/api\/[^/]+$/.test(path)) return "jooble";
  if (method === "GET" && path === "/himalayas/jobs/api") return "himalayas";
  if (method === "GET" && path === "/jobwiz/v1/job-description-search") return "jobwiz";
  return null;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(body);
}

function fault(res: ServerResponse, current: FakeSourceState) {
  switch (current.fault) {
    case "timeout":
      return; // never answers; the client's timeout has to end it
    case "429":
      return send(res, 429, JSON.stringify({ message: "Too many requests" }), {
        "retry-after": String(current.retryAfterSeconds),
      });
    case "500":
      return send(res, 500, JSON.stringify({ message: "Internal error" }));
    case "malformed":
      return send(res, 200, '{"jobs": [ {"title": "cut off');
    case "wrong-shape":
      return send(res, 200, JSON.stringify({ message: "ok", data: { items: [] } }));
    case "redirect":
      // To the same route, so a client that followed it would show up as a second logged request.
      return send(res, 302, "", {
        location: `${res.req.url ?? "/"}${res.req.url?.includes("?") ? "&" : "?"}redirected=1`,
      });
    case "huge":
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      for (let written = 0; written < HUGE_BYTES; written += 64 * 1024) {
        res.write(`"${"x".repeat(64 * 1024 - 3)}",`);
      }
      return res.end('"x"]');
  }
}

function answer(
  source: SourceId,
  current: FakeSourceState,
  url: URL,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
) {
  const { jobs } = current;
  switch (source) {
    case "remoteok":
      return send(res, 200, remoteOkBody(jobs));
    case "adzuna": {
      if (
        url.searchParams.get("app_id") !== FAKE_KEYS.ADZUNA_APP_ID ||
        url.searchParams.get("app_key") !== FAKE_KEYS.ADZUNA_APP_KEY
      ) {
        return send(res, 401, JSON.stringify(adzunaAuthFailure));
      }
      const page = Number(url.pathname.split("/").at(-1));
      const size = Math.min(50, Number(url.searchParams.get("results_per_page") ?? 10));
      return send(res, 200, adzunaBody(jobs.slice((page - 1) * size, page * size), jobs.length));
    }
    case "jooble": {
      if (url.pathname.split("/").at(-1) !== FAKE_KEYS.JOOBLE_API_KEY)
        return send(res, 403, JSON.stringify({ message: "Invalid key" }));
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return send(res, 400, JSON.stringify({ message: "Bad request" }));
      }
      const page = Number(request.page ?? 1);
      const size = Number(request.ResultOnPage ?? 20);
      return send(res, 200, joobleBody(jobs.slice((page - 1) * size, page * size), jobs.length));
    }
    case "himalayas": {
      const limit = Math.min(20, Number(url.searchParams.get("limit") ?? 20));
      const cursor = url.searchParams.get("cursor");
      const offset = cursor
        ? Number(Buffer.from(cursor, "base64url").toString())
        : Number(url.searchParams.get("offset") ?? 0);
      const next = offset + limit < jobs.length ? Buffer.from(String(offset + limit)).toString("base64url") : null;
      return send(res, 200, himalayasBody(jobs.slice(offset, offset + limit), offset, jobs.length, next));
    }
    case "jobwiz": {
      if (req.headers["x-rapidapi-key"] !== FAKE_KEYS.JOBWIZ_API_KEY) {
        return send(res, 403, JSON.stringify({ message: "You are not subscribed to this API." }));
      }
      if (!url.searchParams.get("q")) return send(res, 400, JSON.stringify({ message: "q is required" }));
      const page = Number(url.searchParams.get("page") ?? 1);
      return send(res, 200, jobWizBody(jobs.slice((page - 1) * 10, page * 10), current.extras));
    }
  }
}
