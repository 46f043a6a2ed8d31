import { afterAll, beforeAll, expect, test } from "vitest";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";
import { VIEWPORTS, useE2e } from "#tests/e2e/fixtures.ts";
import { ingestFromFakes, openSourcePage, waitForSpinnerToGo } from "#tests/e2e/sources-support.ts";

// Nothing listens on port 1: the logo fails at once, before the page has hydrated.
const BROKEN_LOGO = "http://127.0.0.1:1/logo.png";

let fakes: FakeSources;
beforeAll(async () => {
  fakes = await startFakeSources();
  fakes.set("remoteok", {
    jobs: [
      remoteOkJob(1, { company: "Broken Logo Co", company_logo: BROKEN_LOGO, logo: BROKEN_LOGO }),
      remoteOkJob(2, { company: "No Logo Co", company_logo: "", logo: "" }),
    ],
  });
});
afterAll(() => fakes?.close());
const e2e = useE2e(() => ({ env: fakes.env }));
beforeAll(() => ingestFromFakes(e2e.server, fakes));

test.each(VIEWPORTS)(
  "RemoteOK cards whose logo fails (even before hydration) or is absent show the job cards' default image on %s",
  async (_name, viewport) => {
    const { page, close } = await openSourcePage(e2e, "/remoteok", viewport);
    await waitForSpinnerToGo(page);
    for (const company of ["Broken Logo Co", "No Logo Co"]) {
      await expect
        .poll(() => page.getByRole("img", { name: `${company} logo` }).getAttribute("src"))
        .toBe("/images/company-fallback.svg");
    }
    await close();
  },
);
