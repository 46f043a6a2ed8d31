import { describe, expect, test } from "vitest";
import { nextRunAt } from "#server/alerts/schedule.ts";
import { createTokens } from "#server/alerts/tokens.ts";

describe("when an alert is next due", () => {
  const at = (text: string) => new Date(text);

  test("an instant alert is due at once, for the scheduler's next pass", () => {
    const now = at("2026-03-10T15:20:00");
    expect(nextRunAt("instant", now, 8)).toEqual(now);
  });

  test("a daily alert is due at ALERTS_HOUR today when that is still ahead, else tomorrow", () => {
    expect(nextRunAt("daily", at("2026-03-10T06:59:00"), 8)).toEqual(at("2026-03-10T08:00:00"));
    expect(nextRunAt("daily", at("2026-03-10T08:00:00"), 8)).toEqual(at("2026-03-11T08:00:00"));
    expect(nextRunAt("daily", at("2026-03-10T23:30:00"), 8)).toEqual(at("2026-03-11T08:00:00"));
  });

  test("a weekly alert is due at ALERTS_HOUR a week after the next daily time", () => {
    expect(nextRunAt("weekly", at("2026-03-10T06:00:00"), 8)).toEqual(at("2026-03-16T08:00:00"));
    expect(nextRunAt("weekly", at("2026-03-10T09:00:00"), 8)).toEqual(at("2026-03-17T08:00:00"));
  });
});

describe("the signed links in alert mails", () => {
  const tokens = createTokens("one-secret-one-secret-one-secret-1234");

  test("a link verifies for its own purpose only, and not once it has expired", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const confirm = tokens.sign("confirm", "alert-1", new Date(now.getTime() + 60_000));
    expect(tokens.verify("confirm", confirm, now)).toBe("alert-1");
    expect(tokens.verify("unsubscribe", confirm, now)).toBeUndefined();
    expect(tokens.verify("confirm", confirm, new Date(now.getTime() + 60_001))).toBeUndefined();
  });

  test("a link signed with another secret, or altered, is refused", () => {
    const other = createTokens("another-secret-another-secret-another").sign("manage", "a@example.com");
    expect(tokens.verify("manage", other)).toBeUndefined();
    const mine = tokens.sign("manage", "a@example.com");
    const [body, signature] = mine.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ p: "manage", s: "b@example.com" })).toString("base64url");
    expect(tokens.verify("manage", `${forged}.${signature}`)).toBeUndefined();
    expect(tokens.verify("manage", `${body}.${signature}`)).toBe("a@example.com");
    expect(tokens.verify("manage", "not-a-token")).toBeUndefined();
  });
});
