import { expect, test } from "vitest";
import { hashPassword, verifyPassword } from "#server/password.ts";

test("a password hashes to scrypt with N=2^17, r=8, p=1, a 16-byte salt and a 64-byte key", async () => {
  const hash = await hashPassword("correct horse battery");
  const [scheme, n, r, p, salt, key] = hash.split("$");
  expect([scheme, n, r, p]).toEqual(["scrypt", String(2 ** 17), "8", "1"]);
  expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
  expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
  expect(hash).not.toContain("correct horse battery");
});

test("the right password verifies and a wrong one does not", async () => {
  const hash = await hashPassword("correct horse battery");
  expect(await verifyPassword({ hash, password: "correct horse battery" })).toBe(true);
  expect(await verifyPassword({ hash, password: "correct horse batterY" })).toBe(false);
  expect(await verifyPassword({ hash, password: "" })).toBe(false);
});

test("hashing the same password twice gives different hashes that both verify", async () => {
  const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
  expect(a).not.toBe(b);
  expect(await verifyPassword({ hash: a, password: "same password" })).toBe(true);
  expect(await verifyPassword({ hash: b, password: "same password" })).toBe(true);
});

test("unicode passwords are normalised, so the same text typed differently verifies", async () => {
  const composed = "caf\u00e9 au lait";
  const decomposed = "cafe\u0301 au lait";
  const hash = await hashPassword(composed);
  expect(await verifyPassword({ hash, password: decomposed })).toBe(true);
});

test("hashes stored with other parameters still verify, so the cost can be raised later", async () => {
  const { scryptSync, randomBytes } = await import("node:crypto");
  const salt = randomBytes(16);
  const key = scryptSync("old password", salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  const old = `scrypt$${2 ** 14}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
  expect(await verifyPassword({ hash: old, password: "old password" })).toBe(true);
  expect(await verifyPassword({ hash: old, password: "new password" })).toBe(false);
});

test("a hash in another format or a damaged hash never verifies", async () => {
  const good = await hashPassword("pw123456");
  expect(await verifyPassword({ hash: "bcrypt$10$abc", password: "pw123456" })).toBe(false);
  expect(await verifyPassword({ hash: "", password: "pw123456" })).toBe(false);
  expect(await verifyPassword({ hash: good.split("$").slice(0, 5).join("$"), password: "pw123456" })).toBe(false);
  const parts = good.split("$");
  const key = parts[5] ?? "";
  const flipped = [...parts.slice(0, 5), `${key[0] === "A" ? "B" : "A"}${key.slice(1)}`].join("$");
  expect(await verifyPassword({ hash: flipped, password: "pw123456" })).toBe(false);
  const weakened = [parts[0], String(2 ** 16), ...parts.slice(2)].join("$");
  expect(await verifyPassword({ hash: weakened, password: "pw123456" })).toBe(false);
});
