import { expect, test } from "vitest";
import { signUp } from "#tests/support/http.ts";
import { DESKTOP, expectAccessible, hydrated, MOBILE, useE2e } from "#tests/e2e/fixtures.ts";
import { open } from "#tests/e2e/job-data.ts";

// The footer shows the social channels the operator set (none by default).
const e2e = useE2e({ env: { SITE_SOCIAL_LINKS: "https://www.linkedin.com/company/acme|https://t.me/acmejobs" } });

test("the header links Find Jobs, Job Sites, My Listings, Post Free Job and the favourites heart", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/favourite`);
  const nav = page.getByRole("navigation", { name: "Main" });
  const expected = {
    "Find Jobs": "/",
    "Job Sites": "/job-sites",
    "My Listings": "/my-job",
    "Post Free Job": "/post-job",
  };
  for (const [name, href] of Object.entries(expected)) {
    expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
  }
  const heart = page.getByRole("link", { name: "Favourites" });
  expect(await heart.getAttribute("href")).toBe("/favourite");
  expect(await page.getByTestId("favourites-badge").count()).toBe(0);
  await page.context().close();
});

test("'More us' opens a dropdown with its five links; Escape closes it and returns focus", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/favourite`);
  const button = page.getByRole("button", { name: "More us" });
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  expect(await page.locator("header").getByRole("link", { name: "Our Story" }).first().isVisible()).toBe(false);
  await button.click();
  expect(await button.getAttribute("aria-expanded")).toBe("true");
  const expected = {
    "Our Story": "/about-us",
    "Get in Touch": "/contact",
    "User Agreement": "/terms-and-condition",
    "Privacy Notice": "/privacy-policy",
    Blog: "/blog",
  };
  const menu = page.locator("header");
  for (const [name, href] of Object.entries(expected)) {
    const link = menu.getByRole("link", { name, exact: true });
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute("href")).toBe(href);
  }
  await page.keyboard.press("Escape");
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("More us");
  await button.click();
  await page.mouse.click(640, 700); // anywhere outside the dropdown
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  await page.context().close();
});

test("signed out, the header shows a Sign In button to /login", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/favourite`);
  expect(await page.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
  expect(await page.getByRole("button", { name: "Log out" }).count()).toBe(0);
  await page.context().close();
});

test("signed in, the header shows the default photo; Log out signs out, removes the token and goes to /login", async () => {
  const session = await signUp(e2e.url, { name: "Priya Seeker" });
  const page = await e2e.newPage({ viewport: DESKTOP, session });
  await open(page, `${e2e.url}/favourite`);
  const photo = page.getByRole("img", { name: "Priya Seeker's profile photo" });
  expect(await photo.getAttribute("src")).toBe("/images/default-avatar.svg");
  expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
  await page.evaluate(() => localStorage.setItem("genius-token", "a-token"));

  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${e2e.url}/login`);
  expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBeNull();
  const me = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
  expect(me).toBeNull();
  await page.context().close();
});

test("a signed-in user's own photo is shown when they have one", async () => {
  const session = await signUp(e2e.url, { name: "Photo Person" });
  await e2e.server.services.auth.api.updateUser({
    body: { image: `${e2e.url}/images/logo.svg` },
    headers: new Headers({ cookie: session.cookie }),
  });
  const page = await e2e.newPage({ viewport: DESKTOP, session });
  await open(page, `${e2e.url}/favourite`);
  expect(await page.getByRole("img", { name: "Photo Person's profile photo" }).getAttribute("src")).toBe(
    `${e2e.url}/images/logo.svg`,
  );
  await page.context().close();
});

test("on a 375 px screen the navigation collapses into a menu button that toggles it", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, `${e2e.url}/favourite`);
  expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menu.waitFor();
  for (const name of [
    "Find Jobs",
    "Job Sites",
    "My Listings",
    "Post Free Job",
    "Our Story",
    "Get in Touch",
    "User Agreement",
    "Privacy Notice",
    "Blog",
    "Sign In",
  ]) {
    expect(await menu.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
  }
  await page.getByRole("button", { name: "Close menu" }).click();
  await menu.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Find Jobs" }).click();
  await page.waitForURL(`${e2e.url}/`);
  await menu.waitFor({ state: "hidden" });
  await page.context().close();
});

test("the footer links the site's pages, the community guidelines and the social channels", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/favourite`);
  const footer = page.locator("footer");
  expect(await footer.getByRole("link", { name: "Community Guidelines" }).getAttribute("href")).toBe(
    "/community-guidelines",
  );
  expect(await footer.getByRole("link", { name: "Our Story" }).getAttribute("href")).toBe("/about-us");
  const linkedin = footer.getByRole("link", { name: "LinkedIn" });
  expect(await linkedin.getAttribute("href")).toMatch(/^https:\/\/www\.linkedin\.com\//);
  expect(await linkedin.getAttribute("target")).toBe("_blank");
  expect(await footer.getByRole("link", { name: "Telegram channel" }).getAttribute("href")).toMatch(
    /^https:\/\/t\.me\//,
  );
  await page.context().close();
});

test("an unknown address shows a not-found page inside the layout with HTTP 404", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  const response = await page.goto(`${e2e.url}/no/such/page`, { waitUntil: "domcontentloaded" });
  expect(response?.status()).toBe(404);
  await hydrated(page);
  expect(await page.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
  expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
  expect(await page.locator("footer").isVisible()).toBe(true);
  expect(await page.title()).toBe("Page not found | Job Board");
  await expectAccessible(page);
  await page.context().close();
});
