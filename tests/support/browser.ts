import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`Chromium not found; install Debian's chromium or set CHROMIUM_PATH (looked in ${CANDIDATES.join(", ")})`);
  return found;
}

/** Debian's Chromium, headless, with the flags this offline machine needs (no background networking). */
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
