import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { escapeHtml } from "#shared/html.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { useE2e } from "#tests/e2e/fixtures.ts";

// Two servers and a browser on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();
let owner: Session;
let attacker: Server;
let attackerUrl: string;
/** The form the attacker's page submits as it loads: its action and fields. */
let planted = { action: "", fields: {} as Record<string, string> };

beforeAll(async () => {
  owner = await signUp(e2e.url, { name: "Victim Owner" });
  // Another port of the same host: same site to the browser, so the owner's SameSite=Lax cookie rides along.
  attacker = createServer((_request, response) => {
    const inputs = Object.entries(planted.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("");
    response.writeHead(200, { "content-type": "text/html" }).end(
      `<!doctype html><form method="post" action="${escapeHtml(planted.action)}">${inputs}</form>
       <script>document.forms[0].submit()</script>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

async function postListing(title: string) {
  const { status, json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: owner,
    body: validJob({ jobTitle: title }),
  });
  expect(status).toBe(201);
  return json.insertedId as string;
}
const rowOf = async (id: string) =>
  (await e2e.server.services.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** The owner, signed in, opens the attacker's page; it posts `fields` to the board's `path`. The board's answer. */
async function visitAttacker(path: string, fields: Record<string, string> = {}) {
  planted = { action: `${e2e.url}${path}`, fields };
  const page = await e2e.newPage({ session: owner });
  const answered = page.waitForResponse((response) => response.url() === `${e2e.url}${path}`);
  await page.goto(attackerUrl);
  const response = await answered;
  const status = response.status();
  await page.context().close();
  return status;
}

test("a page on another port of the board's host that submits the close form with the owner's cookie is refused, and the listing stays open", async () => {
  const id = await postListing("Closed by a neighbour's page");
  expect(await visitAttacker(`/api/jobs/${id}/close`)).toBe(403);
  expect((await rowOf(id))?.status).toBe("published");
});

test("a page on another port of the board's host that submits the edit form with the owner's cookie is refused, and the listing is unchanged", async () => {
  const id = await postListing("Edited by a neighbour's page");
  const { skills: _skills, ...fields } = validJob({ jobTitle: "Defaced by a neighbour" });
  const form = { ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), skills: "React" };
  expect(await visitAttacker(`/edit-job/${id}`, form)).toBe(403);
  expect((await rowOf(id))?.title).toBe("Edited by a neighbour's page");
});
