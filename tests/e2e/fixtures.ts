import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DESKTOP, launchBrowser, MOBILE } from "#tests/support/browser.ts";
import type { Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "#tests/support/server.ts";

/**
 * The one setup every browser test file shares: the real app with pages on a random port, Debian's Chromium,
 * pages at the spec's sizes, the hydration signal and the accessibility check.
 */

export { DESKTOP, MOBILE };

export type Viewport = { width: number; height: number };

export const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const satisfies readonly (readonly [string, Viewport])[];

const notAtThisWidth = (() => undefined) as unknown as typeof test;

/**
 * `test` at the desktop width only, for use inside `describe.each(VIEWPORTS)`: a flow whose steps do not change with
 * the width (server round trips, redirects, timers, mail, tokens) runs once. What the width does change (the layout,
 * the header and its menu, dialogs and sheets, focus order, accessibility) stays a plain `test`, at both (ADR 30).
 */
export const flowTest = (viewport: Viewport): typeof test => (viewport === DESKTOP ? test : notAtThisWidth);

export type PageOptions = {
  viewport?: Viewport;
  /** Opens signed in as this API session (the cookies better-auth set at sign-up). */
  session?: Session;
  /** Another server than the file's own (a second app started with different settings). */
  baseUrl?: string;
  javaScriptEnabled?: boolean;
};

export type E2e = {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly url: string;
  /** A page in a context of its own (no shared cookies or storage), not navigated yet. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A new page already at `path`, answered with `status`, and hydrated. */
  open(path: string, options?: PageOptions & { status?: number }): Promise<Page>;
};

/**
 * Registers this file's beforeAll/afterAll: the app (with pages) and Chromium start once and stop at the end.
 * `options` may be a function so it can read what earlier hooks started (a fake SMTP server, fake upstreams).
 */
export function useE2e(options: TestServerOptions | (() => TestServerOptions) = {}): E2e {
  let server: TestServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const resolved = typeof options === "function" ? options() : options;
    [server, browser] = await Promise.all([startTestServer({ ...resolved, pages: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error("useE2e: the server and browser start in beforeAll; use them inside tests or hooks");
    return value;
  };

  const e2e: E2e = {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    get url() {
      return started(server).url;
    },
    async newPage({ viewport = DESKTOP, session, baseUrl, javaScriptEnabled }: PageOptions = {}) {
      const contextOptions: BrowserContextOptions = { viewport };
      if (javaScriptEnabled !== undefined) contextOptions.javaScriptEnabled = javaScriptEnabled;
      const context = await e2e.browser.newContext(contextOptions);
      if (session) await context.addCookies(sessionCookies(session, baseUrl ?? e2e.url));
      return context.newPage();
    },
    async open(path, { status = 200, ...options } = {}) {
      const page = await e2e.newPage(options);
      const response = await page.goto(`${options.baseUrl ?? e2e.url}${path}`);
      expect(response?.status()).toBe(status);
      await hydrated(page);
      return page;
    },
  };
  return e2e;
}

/** The cookies of an API session (a `name=value; name=value` header) for a browser context on `url`. */
export function sessionCookies(session: Pick<Session, "cookie">, url: string) {
  return session.cookie.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url };
  });
}

/** Resolves once React has hydrated the page: the root layout marks <html data-hydrated> in its effect. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Stops the page's clock (Playwright's fake timers; before a navigation, or mid-test) so a timed state such as the
 * spec's 1.5 s spinners can be looked at however slow the machine is; `page.clock.runFor(ms)` then moves time on.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * Stops every CSS animation in the page, from before it loads (Chromium's Animation domain), so an overlay that
 * CSS hides after a delay (the home splash, the job spinner) can be looked at however slow the machine is.
 */
export async function freezeAnimations(page: Page): Promise<{ resume: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Animation.enable");
  await cdp.send("Animation.setPlaybackRate", { playbackRate: 0 });
  return {
    resume: async () => {
      await cdp.send("Animation.setPlaybackRate", { playbackRate: 1 });
    },
  };
}

/** Resolves on the page's next animation frame: work a discrete event (a click) scheduled has been rendered by then. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** Resolves once React Router has no navigation or revalidation in flight. */
export async function routerIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } };
      }
    ).__reactRouterDataRouter;
    return router?.state.navigation.state === "idle" && router.state.revalidation === "idle";
  });
}

/** Resolves once every finite CSS animation and transition in `locator` (a sheet sliding in, a fade) has finished. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself. The default mode opens another page to merge the results of each frame,
  // which doubles the time of every check; the board renders no frames.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html} ${node.failureSummary ?? ""}`).join(", ")})`,
    );
  expect(serious).toEqual([]);
}

/** Tab and Shift+Tab several times round the open dialog: focus must never leave it. */
export async function expectFocusTrappedInDialog(page: Page): Promise<void> {
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
  }
}
