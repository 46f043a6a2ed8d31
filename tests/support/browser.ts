import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's headless shell first: the same Blink as `chromium`, without the full browser's UI process, and about a
 * third less CPU per page on two cores (ADR 30). Full Chromium still serves when the shell is not installed.
 */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(
      `Chromium not found; install Debian's chromium-headless-shell or chromium, or set CHROMIUM_PATH (looked in ${CANDIDATES.join(", ")})`,
    );
  return found;
}

/** Debian's Chromium (its headless shell when installed), with the flags this offline machine needs (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;
