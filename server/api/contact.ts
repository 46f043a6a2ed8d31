import { Hono } from "hono";
import { readJsonObject } from "#server/http/body.ts";
import { spendChallenge } from "#server/api/challenge.ts";
import type { AppBindings } from "#server/http/types.ts";

/** `POST /api/sendEmail`: the message is in the outbox before we answer ok; the mail sender delivers it. */
export const contactApi = new Hono<AppBindings>().post("/sendEmail", async (c) => {
  const fields = await readJsonObject(c);
  await spendChallenge(c);
  return c.json(await c.get("services").contact.sendContactMessage({ fields, clientIp: c.get("clientIp") }));
});
