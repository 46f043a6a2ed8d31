import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { exeBytes, pdfBytes } from "#tests/support/cv-files.ts";
import { validJob } from "#tests/support/factories.ts";
import { signUp, type Session } from "#tests/support/http.ts";
import { challengeHeaders } from "#tests/support/pow.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>
  >;
};

/** A call as a client makes it: a concrete path (matched against the documented templates) and its input. */
type Call = { method: string; path: string; body?: unknown; form?: FormData; session?: Session };

describe("the public API's OpenAPI document", () => {
  let server: TestServer;
  let doc: Doc;
  let ajv: Ajv2020;
  let employer: Session;
  let rival: Session;
  let jobId: string;
  const called = new Map<string, Set<number>>();

  beforeAll(async () => {
    server = await startTestServer();
    doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Doc;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc as object, "openapi.json");
    employer = await signUp(server.url);
    rival = await signUp(server.url);
    jobId = (
      await call({
        method: "post",
        path: "/api/post-job",
        body: validJob({ jobTitle: "Contract Tester" }),
        session: employer,
      })
    ).body.insertedId;
  });
  afterAll(() => server?.close());

  /** The documented template a concrete path belongs to. */
  function template(path: string): string {
    const found = Object.keys(doc.paths).find((t) =>
      new RegExp(`^${t.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
    );
    if (!found) throw new Error(`${path} is not documented`);
    return found;
  }

  /** Makes the call and holds its answer to the document: a documented status, its media type, its schema. */
  async function call({ method, path, body, form, session }: Call) {
    const response = await fetch(`${server.url}${path}`, {
      method: method.toUpperCase(),
      headers: {
        origin: server.url,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
        ...(await challengeHeaders(server.url, method, path)),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const pathTemplate = template(path.split("?")[0] as string);
    const operation = doc.paths[pathTemplate]?.[method];
    expect(operation, `${method} ${pathTemplate}`).toBeDefined();
    const documented = operation?.responses[String(response.status)];
    expect(documented, `${method} ${path} answered ${response.status}, which is not documented`).toBeDefined();
    const [media] = Object.keys(documented?.content ?? {});
    const type = response.headers.get("content-type") ?? "";
    expect(type, `${method} ${path}`).toContain(media);
    const text = await response.text();
    let parsed: unknown = text;
    if (media === "application/json") {
      parsed = JSON.parse(text);
      const pointer = `openapi.json#/paths/${pathTemplate.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${response.status}/content/application~1json/schema`;
      const valid = ajv.validate({ $ref: pointer }, parsed);
      expect(valid, `${method} ${path} ${response.status}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
    const id = operation?.operationId as string;
    called.set(id, (called.get(id) ?? new Set()).add(response.status));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index freely into answers
    return { status: response.status, body: parsed as any };
  }

  test("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  test("the job listings' reads answer as documented, errors in the one error shape", async () => {
    expect((await call({ method: "get", path: "/api/jobs?search=contract&limit=5" })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/jobs?employmentType=Forever" })).status).toBe(400);
    expect((await call({ method: "get", path: "/api/all-jobs?limit=1" })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/all-jobs?limit=0" })).status).toBe(400);
    expect((await call({ method: "get", path: `/api/all-jobs/${jobId}` })).body.jobTitle).toBe("Contract Tester");
    expect((await call({ method: "get", path: `/api/all-jobs/${randomUUID()}` })).status).toBe(404);
    expect((await call({ method: "get", path: "/api/all-jobs/not-an-id" })).status).toBe(400);
  });

  test("the signed-in operations answer as documented for the owner, a stranger and nobody", async () => {
    expect((await call({ method: "get", path: `/api/myJobs/${employer.email}`, session: employer })).status).toBe(200);
    expect((await call({ method: "get", path: `/api/myJobs/${employer.email}` })).status).toBe(401);
    expect((await call({ method: "get", path: `/api/myJobs/${employer.email}`, session: rival })).status).toBe(403);
    expect((await call({ method: "post", path: "/api/post-job", body: validJob() })).status).toBe(401);
    expect(
      (await call({ method: "post", path: "/api/post-job", body: validJob({ jobTitle: "" }), session: employer }))
        .status,
    ).toBe(400);
    expect(
      (
        await call({
          method: "patch",
          path: `/api/update-job/${jobId}`,
          body: { jobLocation: "Pune" },
          session: employer,
        })
      ).body.modifiedCount,
    ).toBe(1);
    expect(
      (await call({ method: "patch", path: `/api/update-job/${jobId}`, body: { postionopens: -1 }, session: employer }))
        .status,
    ).toBe(400);
    expect(
      (await call({ method: "patch", path: `/api/update-job/${jobId}`, body: { jobLocation: "Goa" }, session: rival }))
        .status,
    ).toBe(403);
    expect(
      (await call({ method: "patch", path: `/api/update-job/${randomUUID()}`, body: {}, session: employer })).status,
    ).toBe(404);
    expect((await call({ method: "patch", path: `/api/update-job/${jobId}`, body: {} })).status).toBe(401);
    const doomed = (await call({ method: "post", path: "/api/post-job", body: validJob(), session: employer })).body
      .insertedId;
    expect((await call({ method: "delete", path: `/api/job/${doomed}`, session: rival })).status).toBe(403);
    expect((await call({ method: "delete", path: `/api/job/${doomed}` })).status).toBe(401);
    expect((await call({ method: "delete", path: `/api/job/${doomed}`, session: employer })).body.deletedCount).toBe(1);
    expect((await call({ method: "delete", path: `/api/job/${doomed}`, session: employer })).status).toBe(404);
  });

  test("feeds, alerts, blog, contact, health and the document itself answer as documented", async () => {
    for (const file of ["jobs.rss", "jobs.atom", "jobs.json"]) {
      expect((await call({ method: "get", path: `/feeds/${file}?search=contract` })).status).toBe(200);
      expect((await call({ method: "get", path: `/feeds/${file}?limit=1000` })).status).toBe(400);
    }
    expect((await call({ method: "get", path: "/feeds/indeed.xml" })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/blog-posts" })).status).toBe(200);
    const message = { name: "Ada", email: "ada@example.com", message: "Hello" };
    expect((await call({ method: "post", path: "/api/sendEmail", body: message })).status).toBe(200);
    expect((await call({ method: "post", path: "/api/sendEmail", body: { ...message, email: "nope" } })).status).toBe(
      400,
    );
    const alert = { email: "alerts@example.com", frequency: "weekly", search: { search: "react" } };
    expect((await call({ method: "post", path: "/api/alerts", body: alert })).status).toBe(202);
    expect((await call({ method: "post", path: "/api/alerts", body: { ...alert, frequency: "hourly" } })).status).toBe(
      400,
    );
    expect((await call({ method: "get", path: "/api/health" })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/challenge" })).body).toMatchObject({ algorithm: "SHA-256" });
    expect((await call({ method: "get", path: "/api/openapi.json" })).status).toBe(200);
  });

  test("applying, the owner's inbox and the applicant's link answer as documented", async () => {
    const board = (
      await call({
        method: "post",
        path: "/api/post-job",
        body: validJob({ applyMethod: "board" }),
        session: employer,
      })
    ).body.insertedId;
    const form = (cv: Buffer) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ name: "Ada", email: "ada@example.com", consent: "on" }))
        data.set(name, value);
      data.set("cv", new Blob([new Uint8Array(cv)]), "cv.pdf");
      return data;
    };
    const path = `/api/jobs/${board}/applications`;
    const applied = await call({ method: "post", path, form: form(pdfBytes()) });
    expect(applied.status).toBe(201);
    // A second application from the address is answered as a first (its owner is told by mail).
    expect((await call({ method: "post", path, form: form(pdfBytes()) })).status).toBe(201);
    expect((await call({ method: "post", path, form: form(exeBytes()) })).status).toBe(400);
    expect((await call({ method: "post", path, form: form(pdfBytes(6 * 1024 * 1024)) })).status).toBe(413);
    expect((await call({ method: "post", path, body: {} })).status).toBe(415);
    expect(
      (await call({ method: "post", path: `/api/jobs/${randomUUID()}/applications`, form: form(pdfBytes()) })).status,
    ).toBe(404);
    expect((await call({ method: "get", path, session: employer })).body.applications).toHaveLength(1);
    expect((await call({ method: "get", path: `${path}?stage=hired`, session: employer })).status).toBe(200);
    expect((await call({ method: "get", path: `${path}?stage=maybe`, session: employer })).status).toBe(400);
    expect((await call({ method: "get", path })).status).toBe(401);
    expect((await call({ method: "get", path, session: rival })).status).toBe(403);
    expect((await call({ method: "get", path: `/api/jobs/${randomUUID()}/applications`, session: rival })).status).toBe(
      404,
    );
    const id = applied.body.id as string;
    const change = `/api/applications/${id}`;
    expect(
      (await call({ method: "patch", path: change, body: { stage: "interview" }, session: employer })).status,
    ).toBe(200);
    expect((await call({ method: "patch", path: change, body: { stage: "later" }, session: employer })).status).toBe(
      400,
    );
    expect((await call({ method: "patch", path: change, body: {} })).status).toBe(401);
    expect((await call({ method: "patch", path: change, body: {}, session: rival })).status).toBe(403);
    expect(
      (await call({ method: "patch", path: `/api/applications/${randomUUID()}`, body: {}, session: employer })).status,
    ).toBe(404);
    const token = server.services.applications.applicantLink(id).split("/").at(-1) ?? "";
    expect((await call({ method: "post", path: `/api/applications/by-token/${token}/withdraw` })).status).toBe(200);
    expect((await call({ method: "post", path: `/api/applications/by-token/${token}/erase` })).status).toBe(200);
    expect((await call({ method: "patch", path: change, body: { note: "x" }, session: employer })).status).toBe(409);
    expect((await call({ method: "post", path: `/api/applications/by-token/${id}.x/withdraw` })).status).toBe(404);
    expect((await call({ method: "post", path: `/api/applications/by-token/${id}.x/erase` })).status).toBe(404);
  });

  test("a listing's stats, its renewal and the Apply ping answer as documented", async () => {
    const stats = `/api/jobs/${jobId}/stats`;
    expect((await call({ method: "get", path: stats, session: employer })).body.totals).toMatchObject({ views: 0 });
    expect((await call({ method: "get", path: stats })).status).toBe(401);
    expect((await call({ method: "get", path: stats, session: rival })).status).toBe(403);
    expect((await call({ method: "get", path: `/api/jobs/${randomUUID()}/stats`, session: rival })).status).toBe(404);
    const ending = (
      await call({
        method: "post",
        path: "/api/post-job",
        body: validJob({ postingDate: new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10) }),
        session: employer,
      })
    ).body.insertedId;
    expect((await call({ method: "post", path: `/api/jobs/${jobId}/renew`, session: employer })).status).toBe(409);
    expect((await call({ method: "post", path: `/api/jobs/${ending}/renew` })).status).toBe(401);
    expect((await call({ method: "post", path: `/api/jobs/${ending}/renew`, session: rival })).status).toBe(403);
    expect((await call({ method: "post", path: `/api/jobs/${randomUUID()}/renew`, session: rival })).status).toBe(404);
    expect((await call({ method: "post", path: `/api/jobs/${ending}/renew`, session: employer })).status).toBe(200);
    expect((await call({ method: "post", path: `/api/jobs/${jobId}/apply-click` })).status).toBe(200);
  });

  test("closing and reopening a listing answer as documented", async () => {
    const listing = (await call({ method: "post", path: "/api/post-job", body: validJob(), session: employer })).body
      .insertedId;
    const close = `/api/jobs/${listing}/close`;
    const reopen = `/api/jobs/${listing}/reopen`;
    expect((await call({ method: "post", path: close })).status).toBe(401);
    expect((await call({ method: "post", path: close, session: rival })).status).toBe(403);
    expect((await call({ method: "post", path: `/api/jobs/${randomUUID()}/close`, session: rival })).status).toBe(404);
    expect((await call({ method: "post", path: reopen, session: employer })).status).toBe(409);
    expect((await call({ method: "post", path: close, session: employer })).body).toEqual({
      ok: true,
      status: "closed",
    });
    expect((await call({ method: "post", path: close, session: employer })).status).toBe(409);
    expect((await call({ method: "post", path: reopen })).status).toBe(401);
    expect((await call({ method: "post", path: reopen, session: rival })).status).toBe(403);
    expect((await call({ method: "post", path: `/api/jobs/${randomUUID()}/reopen`, session: rival })).status).toBe(404);
    expect((await call({ method: "post", path: reopen, session: employer })).body).toEqual({
      ok: true,
      status: "published",
    });
  });

  test("the company operations answer as documented for anyone, the owner, a stranger and nobody", async () => {
    const { companySlug } = (await call({ method: "get", path: `/api/all-jobs/${jobId}` })).body;
    const company = `/api/companies/${companySlug}`;
    expect((await call({ method: "get", path: company })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/companies/no-such-company" })).status).toBe(404);
    expect((await call({ method: "get", path: `${company}/jobs` })).status).toBe(200);
    expect((await call({ method: "get", path: `${company}/jobs?page=0` })).status).toBe(400);
    expect((await call({ method: "get", path: "/api/companies/no-such-company/jobs" })).status).toBe(404);
    expect((await call({ method: "get", path: "/api/my-companies", session: employer })).status).toBe(200);
    expect((await call({ method: "get", path: "/api/my-companies" })).status).toBe(401);
    const edit = { description: "Contract testing, as a service." };
    expect((await call({ method: "patch", path: company, body: edit, session: employer })).status).toBe(200);
    expect((await call({ method: "patch", path: company, body: { logo: "nope" }, session: employer })).status).toBe(
      400,
    );
    expect((await call({ method: "patch", path: company, body: edit })).status).toBe(401);
    expect((await call({ method: "patch", path: company, body: edit, session: rival })).status).toBe(403);
    expect(
      (await call({ method: "patch", path: "/api/companies/no-such-company", body: edit, session: employer })).status,
    ).toBe(404);
    expect((await call({ method: "delete", path: company, session: employer })).status).toBe(409);
    expect((await call({ method: "delete", path: company, session: rival })).status).toBe(403);
    expect((await call({ method: "delete", path: company })).status).toBe(401);
    expect((await call({ method: "delete", path: "/api/companies/no-such-company", session: employer })).status).toBe(
      404,
    );
    const emptied = (
      await call({
        method: "post",
        path: "/api/post-job",
        body: validJob({ companyName: "Contract Emptied" }),
        session: employer,
      })
    ).body.insertedId as string;
    const emptiedSlug = (await call({ method: "get", path: `/api/all-jobs/${emptied}` })).body.companySlug as string;
    expect((await call({ method: "delete", path: `/api/job/${emptied}`, session: employer })).status).toBe(200);
    expect((await call({ method: "delete", path: `/api/companies/${emptiedSlug}`, session: employer })).status).toBe(
      200,
    );
  });

  test("every documented operation was called above", () => {
    const documented = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect([...called.keys()].sort()).toEqual([...documented].sort());
  });

  test("anonymous reads allow any origin; writes and signed-in reads give other sites no permission", async () => {
    const other = { origin: "https://elsewhere.example" };
    for (const path of [
      "/api/jobs",
      `/api/all-jobs/${jobId}`,
      "/api/blog-posts",
      "/api/openapi.json",
      "/feeds/jobs.json",
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: other });
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
    }
    const preflight = await fetch(`${server.url}/api/post-job`, {
      method: "OPTIONS",
      headers: { ...other, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const write = await fetch(`${server.url}/api/post-job`, {
      method: "POST",
      headers: { ...other, "content-type": "application/json" },
      body: "{}",
    });
    expect(write.headers.get("access-control-allow-origin")).toBeNull();
    const mine = await fetch(`${server.url}/api/myJobs/${employer.email}`, {
      headers: { ...other, authorization: `Bearer ${employer.token}` },
    });
    expect(mine.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("the reference page lists every operation, loads nothing from elsewhere and runs no script, under the site's policy", async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    const html = await response.text();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods))
        expect(html).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(html).not.toMatch(/<script|<link|\ssrc=/);
    expect(html).toContain('id="schema-Job"');
  });
});
