import { expect, test } from "vitest";
import { uniqueEmail } from "#tests/support/factories.ts";
import { useE2e } from "#tests/e2e/fixtures.ts";

const e2e = useE2e();

test("creating an account on the board opened at another address says which address to open", async () => {
  // The board answers at PUBLIC_URL (127.0.0.1); the visitor typed localhost, which reaches the same server.
  const page = await e2e.newPage({ baseUrl: e2e.url.replace("127.0.0.1", "localhost") });
  await page.goto(`${e2e.url.replace("127.0.0.1", "localhost")}/login`);
  await page.getByRole("heading", { name: "Sign In" }).waitFor();
  await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Wrong Address");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("wrong-address"));
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => page.getByText(`This board's address is ${e2e.url}: open it there`).count()).toBe(1);
  await page.context().close();
});
