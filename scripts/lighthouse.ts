/**
 * `npm run lighthouse [-- --url http://127.0.0.1:PORT]`: Lighthouse's mobile scores (simulated slow 4G, a mid-range
 * phone) for the home page, a job page and /remoteok, and the JavaScript each page transfers. Not a test: scores
 * move with the machine's load. Without --url it starts `server/main.ts` on a free port with a fresh embedded
 * database and the demo content, and stops it after. Drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({ options: { url: { type: "string" } } });
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Item = { resourceType?: string; transferSize?: number; resourceSize?: number };

async function main() {
  // A fresh embedded database with the demo content, and none of the caller's environment (DATABASE_URL above all).
  const dataDir = values.url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-lighthouse-"));
  const started = dataDir
    ? await startBoard({ PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir }, { waitMs: 180_000 })
    : undefined;
  const url = values.url ?? started!.url;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const [job] = (await (await fetch(`${url}/api/jobs?limit=1`)).json()) as { _id: string }[];
    const pages = ["/", `/jobs/${job?._id}`, "/remoteok"];
    console.log(`Lighthouse ${"(mobile, simulated slow 4G)"} against ${url}\n`);
    console.log(
      `${"page".padEnd(48)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"b.p.".padStart(5)} ${"seo".padStart(5)} ${"FCP".padStart(7)} ${"LCP".padStart(7)} ${"TBT".padStart(7)}  JS transferred (decoded)`,
    );
    for (const page of pages) {
      const result = await lighthouse(`${url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { lhr } = result;
      const score = (id: (typeof CATEGORIES)[number]) =>
        String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(5);
      const metric = (id: string) => (lhr.audits[id]?.displayValue ?? "-").replace(/\s/g, " ").padStart(7);
      const items = ((lhr.audits["network-requests"]?.details as { items?: Item[] } | undefined)?.items ?? []).filter(
        (item) => item.resourceType === "Script",
      );
      const transferred = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const decoded = items.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0);
      console.log(
        `${page.padEnd(48)} ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")} ${metric("first-contentful-paint")} ${metric("largest-contentful-paint")} ${metric("total-blocking-time")}  ${(transferred / 1024).toFixed(0)} KiB (${(decoded / 1024).toFixed(0)} KiB)`,
      );
    }
  } finally {
    chrome.kill();
    await started?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
