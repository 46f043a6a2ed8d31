import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { validJob } from "#tests/support/factories.ts";

/** One request as the fuzzer sends it; the body is raw bytes so it can be invalid UTF-8. */
export type HostileRequest = { method: string; path: string; headers: Record<string, string>; body?: Uint8Array };

/** What the generators need to aim some requests at real rows and a real session. */
export type FuzzTarget = { jobId: string; email: string; cookie: string; metricsToken?: string };

const encode = (text: string) => new TextEncoder().encode(text);

/** Percent-encodes; a lone surrogate (no UTF-8 form) becomes the bytes of one, which is invalid UTF-8 on purpose. */
function percent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
}

/** Keys that pollute Object.prototype when code merges parsed JSON naively. */
const POLLUTING_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

const headerSafe = fc.string({ unit: fc.constantFrom(..."abcXYZ019-_.=;,:/ %\"'<>{}[]\\".split("")), maxLength: 60 });

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "<script>alert(1)</script>",
    "'; DROP TABLE jobs; --",
    "%",
    "%E0%A4%A",
    "%ZZ",
    "%00",
    "..%2F..%2Fetc%2Fpasswd",
    "\uD800",
    "\uFFFF",
    "9".repeat(400),
    "-1",
    "1e308",
    "NaN",
    "null",
    "[]",
    "{}",
    "true",
    ...POLLUTING_KEYS,
  ),
);

/** JSON values with polluting keys mixed in; fc.json covers the rest of the value space. */
const hostileJsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...POLLUTING_KEYS)), tie("value"), { maxKeys: 4 }),
  ),
})).value;

const deepJson = fc
  .integer({ min: 1, max: 20_000 })
  .chain((depth) =>
    fc.constantFrom(
      `${"[".repeat(depth)}${"]".repeat(depth)}`,
      `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      `{"jobTitle":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    ),
  );

/** A valid job with fields replaced, removed or added; this is where near-misses of real input come from. */
const mutatedJob = fc
  .record({
    replace: fc.dictionary(fc.constantFrom(...Object.keys(validJob()), ...POLLUTING_KEYS), hostileJsonValue, {
      maxKeys: 3,
    }),
    drop: fc.subarray(Object.keys(validJob()), { maxLength: 3 }),
  })
  .map(({ replace, drop }) => {
    const job: Record<string, unknown> = validJob();
    for (const key of drop) delete job[key];
    for (const [key, value] of Object.entries(replace))
      Object.defineProperty(job, key, { value, enumerable: true, configurable: true, writable: true });
    return JSON.stringify(job);
  });

/** A valid contact message with fields replaced or removed. */
const CONTACT = {
  name: "Asha Rao",
  email: "asha@example.com",
  phoneNumber: "+91 98765 43210",
  subject: "Hello",
  message: "Is the role still open?",
};
const mutatedContact = fc
  .record({
    replace: fc.dictionary(fc.constantFrom(...Object.keys(CONTACT), ...POLLUTING_KEYS), hostileJsonValue, {
      maxKeys: 2,
    }),
    drop: fc.subarray(Object.keys(CONTACT), { maxLength: 2 }),
  })
  .map(({ replace, drop }) => {
    const message: Record<string, unknown> = { ...CONTACT };
    for (const key of drop) delete message[key];
    for (const [key, value] of Object.entries(replace))
      Object.defineProperty(message, key, { value, enumerable: true, configurable: true, writable: true });
    return JSON.stringify(message);
  });

const pollutionBody = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"jobTitle":"x","__proto__":{"isAdmin":true,"polluted":"yes"}}',
  '{"skills":[{"__proto__":{"polluted":"yes"},"value":"a","label":"a"}]}',
);

const bodyBytes: fc.Arbitrary<Uint8Array | undefined> = fc.oneof(
  fc.constant(undefined),
  // Near-misses of real input are weighted up, so valid writes happen too and "nothing changes" is tested against them.
  { arbitrary: mutatedJob.map(encode), weight: 3 },
  { arbitrary: mutatedContact.map(encode), weight: 3 },
  hostileJsonValue.map((value) => encode(JSON.stringify(value) ?? "null")),
  fc.json().map(encode),
  pollutionBody.map(encode),
  deepJson.map(encode),
  fc.uint8Array({ maxLength: 200 }),
  fc.constantFrom(
    new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    new Uint8Array([0xc3, 0x28]),
    new Uint8Array([0xed, 0xa0, 0x80]),
  ),
  fc.integer({ min: 100 * 1024, max: 400 * 1024 }).map((size) => encode(`{"description":"${"x".repeat(size)}"}`)),
  fc.string({ maxLength: 200 }).map(encode),
);

const contentType = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 4 },
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "",
  ),
  headerSafe,
);

const cookie = (target: FuzzTarget) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant(target.cookie),
    headerSafe,
    headerSafe.map((value) => `better-auth.session_token=${value}`),
    fc.constant("better-auth.session_token=" + "A".repeat(3000)),
  );

const id = (target: FuzzTarget) =>
  fc.oneof(
    fc.constant(target.jobId),
    fc.uuid(),
    hostileString.map(percent),
    fc.constantFrom(
      "0",
      "-1",
      "null",
      "undefined",
      "%",
      "%ZZ",
      "..%2F",
      "a".repeat(3000),
      "00000000-0000-0000-0000-00000000000g",
    ),
  );

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "search",
          "location",
          "page",
          "limit",
          "experienceLevel",
          "employmentType",
          "englishLevel",
          "datePosted",
          "minSalary",
          "maxSalary",
          "q",
          ...POLLUTING_KEYS,
        ),
        hostileString,
      ),
      hostileString,
    ),
    { maxLength: 5 },
  )
  .chain((pairs) =>
    fc.constantFrom(
      pairs.map(([k, v]) => `${percent(k)}=${percent(v)}`).join("&"),
      // Raw, possibly broken percent-encoding: the server must not trust it to decode.
      pairs.map(([k, v]) => `${k}=${v}`.replace(/[#&\s]/g, "")).join("&"),
    ),
  );

type RouteShape = {
  method: fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  withBody?: boolean;
  /** Headers this route reads, on top of the ones every request may carry. */
  headers?: fc.Arbitrary<Record<string, string>>;
};

/** Every API route and page loader, each with the hostile parts that route reads. */
export function routes(target: FuzzTarget): Record<string, RouteShape> {
  const get = (path: fc.Arbitrary<string>): RouteShape => ({ method: fc.constant("GET"), path });
  const withQuery = (base: string) => queryString.map((q) => (q ? `${base}?${q}` : base));
  return {
    "GET /api/health": get(fc.constant("/api/health")),
    "GET /api/jobs": get(withQuery("/api/jobs")),
    "GET /api/all-jobs": get(withQuery("/api/all-jobs")),
    "GET /api/all-jobs/:id": get(id(target).map((x) => `/api/all-jobs/${x}`)),
    "GET /api/myJobs/:email": get(
      fc.oneof(fc.constant(target.email), fc.emailAddress(), hostileString).map((x) => `/api/myJobs/${percent(x)}`),
    ),
    "POST /api/post-job": { method: fc.constant("POST"), path: fc.constant("/api/post-job"), withBody: true },
    "PATCH /api/update-job/:id": {
      method: fc.constantFrom("PATCH", "PUT"),
      path: id(target).map((x) => `/api/update-job/${x}`),
      withBody: true,
    },
    "DELETE /api/job/:id": { method: fc.constant("DELETE"), path: id(target).map((x) => `/api/job/${x}`) },
    "GET /api/sources": get(withQuery("/api/sources")),
    "GET /api/sources/:source/jobs": get(
      fc
        .tuple(
          fc.oneof(fc.constantFrom("remoteok", "adzuna", "himalayas", "jooble", "jobwiz"), hostileString.map(percent)),
          queryString,
        )
        .map(([source, q]) => `/api/sources/${source}/jobs?${q}`),
    ),
    "POST /api/sendEmail": { method: fc.constant("POST"), path: fc.constant("/api/sendEmail"), withBody: true },
    "POST /api/jobs/:id/report": {
      method: fc.constant("POST"),
      path: id(target).map((x) => `/api/jobs/${x}/report`),
      withBody: true,
    },
    "any /api/admin/*": {
      method: fc.constantFrom("GET", "POST"),
      path: fc.oneof(
        fc.constantFrom("/api/admin/queue", "/api/admin/contact-messages"),
        fc
          .tuple(
            id(target),
            fc.oneof(fc.constantFrom("approve", "reject", "hide", "restore", "dismiss"), hostileString.map(percent)),
          )
          .map(([x, action]) => `/api/admin/jobs/${x}/${action}`),
        fc
          .tuple(hostileString.map(percent), fc.constantFrom("suspend", "lift-suspension"))
          .map(([x, action]) => `/api/admin/users/${x}/${action}`),
        fc
          .tuple(fc.oneof(fc.constant("acme-widgets"), hostileString.map(percent)), fc.constantFrom("verification"))
          .map(([slug, action]) => `/api/admin/companies/${slug}/${action}`),
        fc.constant("/api/admin/companies/merge"),
      ),
      withBody: true,
    },
    "POST /api/jobs/:id/close|reopen|renew|apply-click": {
      method: fc.constant("POST"),
      path: fc
        .tuple(id(target), fc.constantFrom("close", "reopen", "renew", "apply-click"))
        .map(([x, action]) => `/api/jobs/${x}/${action}`),
      withBody: true,
    },
    "GET /api/jobs/:id/stats|applications": get(
      fc
        .tuple(id(target), fc.constantFrom("stats", "applications"), queryString)
        .map(([x, what, q]) => `/api/jobs/${x}/${what}${q ? `?${q}` : ""}`),
    ),
    "POST /api/jobs/:id/applications": {
      method: fc.constant("POST"),
      path: id(target).map((x) => `/api/jobs/${x}/applications`),
      withBody: true,
    },
    "PATCH /api/applications/:id": {
      method: fc.constantFrom("PATCH", "POST"),
      path: id(target).map((x) => `/api/applications/${x}`),
      withBody: true,
    },
    "GET|POST /api/applications/by-token/*": {
      method: fc.constantFrom("GET", "POST"),
      path: fc
        .tuple(hostileString.map(percent), fc.constantFrom("", "/withdraw", "/erase"))
        .map(([token, rest]) => `/api/applications/by-token/${token}${rest}`),
      withBody: true,
    },
    "any /api/companies/*": {
      method: fc.constantFrom("GET", "PATCH", "DELETE"),
      path: fc.oneof(
        fc.oneof(fc.constant("acme-widgets"), hostileString.map(percent)).map((slug) => `/api/companies/${slug}`),
        fc
          .tuple(fc.oneof(fc.constant("acme-widgets"), hostileString.map(percent)), queryString)
          .map(([slug, q]) => `/api/companies/${slug}/jobs${q ? `?${q}` : ""}`),
        fc.constant("/api/my-companies"),
      ),
      withBody: true,
    },
    "GET|POST /applications/* and /renew/* (mailed links)": {
      method: fc.constantFrom("GET", "POST"),
      path: fc
        .tuple(
          fc.constantFrom("/applications/", "/renew/"),
          hostileString.map(percent),
          fc.constantFrom("", "/withdraw", "/erase", "/confirm"),
        )
        .map(([base, token, rest]) => `${base}${token}${rest}`),
      withBody: true,
    },
    "GET /api/blog-posts": get(withQuery("/api/blog-posts")),
    "GET /api/challenge": get(withQuery("/api/challenge")),
    "POST /api/auth/two-factor/*": {
      method: fc.constant("POST"),
      path: fc.oneof(
        fc.constantFrom(
          "/api/auth/two-factor/enable",
          "/api/auth/two-factor/disable",
          "/api/auth/two-factor/verify-totp",
          "/api/auth/two-factor/verify-backup-code",
          "/api/auth/two-factor/get-totp-uri",
          "/api/auth/two-factor/generate-backup-codes",
        ),
        hostileString.map((x) => `/api/auth/two-factor/${percent(x)}`),
      ),
      withBody: true,
    },
    "GET /metrics": {
      method: fc.constantFrom("GET", "HEAD", "POST"),
      path: withQuery("/metrics"),
      headers: fc
        .oneof(
          fc.constant(undefined),
          fc.constant(target.metricsToken ? `Bearer ${target.metricsToken}` : undefined),
          headerSafe.map((x) => `Bearer ${x}`),
          headerSafe,
        )
        .map((authorization): Record<string, string> => (authorization ? { authorization } : {})),
    },
    "POST /api/auth/*": {
      method: fc.constant("POST"),
      path: fc.constantFrom(
        "/api/auth/sign-up/email",
        "/api/auth/sign-in/email",
        "/api/auth/sign-out",
        "/api/auth/update-user",
      ),
      withBody: true,
    },
    "POST /api/alerts": { method: fc.constant("POST"), path: fc.constant("/api/alerts"), withBody: true },
    "GET /api/openapi.json": get(withQuery("/api/openapi.json")),
    "GET /feeds/*": get(
      fc
        .constantFrom("/feeds/jobs.rss", "/feeds/jobs.atom", "/feeds/jobs.json", "/feeds/indeed.xml")
        .chain((p) => withQuery(p)),
    ),
    "GET|POST /alerts/* (signed links)": {
      method: fc.constantFrom("GET", "POST"),
      path: fc
        .tuple(
          fc.constantFrom("confirm/", "unsubscribe/", "manage/", "manage/"),
          hostileString.map(percent),
          fc.constantFrom("", "/", "/delete-all", `/${target.jobId}`, `/${target.jobId}/delete`),
        )
        .map(([kind, token, rest]) => `/alerts/${kind}${token}${kind === "manage/" ? rest : ""}`),
      withBody: true,
    },
    "POST the no-JS form paths": {
      method: fc.constant("POST"),
      path: fc.oneof(
        fc.constantFrom("/contact", "/", "/login", "/post-job", "/forgot-password", "/reset-password"),
        id(target).map((x) => `/jobs/${x}`),
        id(target).map((x) => `/edit-job/${x}`),
        id(target).map((x) => `/jobs/${x}/apply`),
        id(target).map((x) => `/my-jobs/${x}/applications`),
        fc.constantFrom("/my-job", "/account/security", "/favourite"),
      ),
      withBody: true,
    },
    "any /api/<unknown>": {
      method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
      path: hostileString.map((x) => `/api/${percent(x)}`),
      withBody: true,
    },
    "page loaders": get(
      fc.oneof(
        withQuery("/"),
        id(target).map((x) => `/jobs/${x}`),
        id(target).map((x) => `/edit-job/${x}`),
        fc
          .constantFrom(
            "/my-job",
            "/favourite",
            "/post-job",
            "/login",
            "/contact",
            "/blog",
            "/job-sites",
            "/sitemap.xml",
            "/robots.txt",
            "/admin",
            "/admin/messages",
            "/forgot-password",
            "/reset-password",
            "/account/security",
          )
          .chain((p) => withQuery(p)),
        id(target).map((x) => `/admin/jobs/${x}`),
        fc
          .constantFrom("/remoteok", "/adzunajobs", "/jooblejobs", "/himalayasjobs", "/jobwiz")
          .chain((p) => withQuery(p)),
        hostileString.map((x) => `/${percent(x)}`),
      ),
    ),
  };
}

/** Builds the full request for one route: path, method, cookies, headers, content type and body. */
export function hostileRequest(target: FuzzTarget, route: RouteShape): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: route.method,
      path: route.path,
      cookie: cookie(target),
      type: contentType,
      body: route.withBody ? bodyBytes : fc.constant(undefined),
      routeHeaders: route.headers ?? fc.constant({}),
      accept: fc.constantFrom(undefined, "application/json", "text/html", "*/*", "text/x-script"),
      origin: fc.constantFrom(undefined, "same", "https://evil.example", "null"),
      extra: fc.dictionary(
        fc.constantFrom(
          "x-forwarded-for",
          "x-http-method-override",
          "range",
          "if-none-match",
          "accept-language",
          "x-requested-with",
          // A forged or garbled proof-of-work solution (ADR 41).
          "x-altcha",
        ),
        headerSafe,
        { maxKeys: 2 },
      ),
    })
    .map(({ method, path, cookie: cookieValue, type, body, routeHeaders, accept, origin, extra }) => {
      const headers: Record<string, string> = { ...extra, ...routeHeaders };
      if (cookieValue) headers.cookie = cookieValue;
      if (body !== undefined && type) headers["content-type"] = type;
      if (accept) headers.accept = accept;
      if (origin) headers.origin = origin;
      return {
        method,
        path,
        headers,
        ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { body } : {}),
      };
    });
}

export type Answer = { status: number; contentType: string; text: string };

export async function send(baseUrl: string, request: HostileRequest): Promise<Answer> {
  const headers = { ...request.headers };
  if (headers.origin === "same") headers.origin = baseUrl;
  const attempt = async () => {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers,
      body: request.body && new Uint8Array(request.body),
      redirect: "manual",
    });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text: await response.text(),
    };
  };
  try {
    return await attempt();
  } catch {
    // The server closes a keep-alive connection after refusing an oversized body unread; the next request may
    // have been written to that socket already. Once more on a fresh connection; a real fault fails again.
    return attempt();
  }
}

/**
 * What every answer must be: never a 5xx; from our API (better-auth's routes speak their own shape) a 4xx is
 * `{"error":{"code","message"}}` and a 2xx is JSON. Returns the broken promise, or null.
 */
export function brokenPromise(request: HostileRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 300)}`;
  const ours = request.path.startsWith("/api/") && !request.path.startsWith("/api/auth/");
  if (!ours || request.method === "HEAD" || answer.status === 204) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${answer.status} is not JSON: ${answer.text.slice(0, 200)}`;
  }
  if (answer.status >= 400) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.code !== "string" || typeof error.message !== "string")
      return `${answer.status} not in the error shape: ${answer.text.slice(0, 200)}`;
  }
  return null;
}

/** A digest of every row a request could change: listings, accounts, sessions' owners, contact messages, alerts. */
export async function stateDigest(db: Db): Promise<string> {
  const result = (await db.execute(sql`
    SELECT
      (SELECT md5(coalesce(string_agg(j::text, ',' ORDER BY j.id), '')) FROM jobs j) AS jobs,
      (SELECT md5(coalesce(string_agg(u::text, ',' ORDER BY u.id), '')) FROM "user" u) AS users,
      (SELECT md5(coalesce(string_agg(m.id::text, ',' ORDER BY m.id), '')) FROM mail_outbox m WHERE m.kind = 'contact') AS messages,
      (SELECT md5(coalesce(string_agg(a::text, ',' ORDER BY a.id), '')) FROM job_alerts a) AS alerts
  `)) as unknown as { rows: Record<string, string>[] };
  return JSON.stringify(result.rows[0]);
}

/** True when parsed input leaked into Object.prototype of the server process. */
export function prototypePolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return probe.polluted !== undefined || probe.isAdmin !== undefined;
}
