import { defineConfig, devices } from "@playwright/test";
import { journeyBrowsers } from "./scripts/lib/browsers.ts";

// End to end in Chromium against the production build, served by
// scripts/e2e-server.ts on its own local state (.wrangler/e2e). E2E_PORT and
// STATE_DIR let parallel checkouts run their own servers side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const flags = {
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
// Journeys run in Chromium's headless shell: the same Blink and V8 as the
// browser without its user interface layers, a third less CPU for the whole
// run. The shell refuses notifications outright, so the journeys about them
// (tagged "@notifications") run in the full Chromium. Debian's packages where
// they are installed (`npm test` installs them where it can), else Playwright's
// own Chromium (scripts/lib/browsers.ts).
const browsers = journeyBrowsers();
const shell = { ...flags, ...browsers.shell };
const browser = { ...flags, ...browsers.full };
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three browsers keep both cores busy while a journey waits on the server or a timer.
  workers: 3,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { outputFolder: "reports/playwright", open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every step with screenshots, a quarter of the run's CPU:
    // it is taken when a failed test runs again (CI), or on demand (--trace on).
    trace: "on-first-retry",
    launchOptions: shell,
  },
  // Every journey runs on a desktop; those whose screen differs on a phone are
  // tagged "@phone" and run on a 375 px phone too, and "@phone-only" ones
  // only there (a journey shown in two languages takes one width each).
  projects: [
    { name: "desktop", grepInvert: [/@phone-only/, /@notifications/], use: { ...desktop, launchOptions: shell } },
    { name: "desktop-browser", grep: /@notifications/, use: { ...desktop, launchOptions: browser } },
    {
      name: "phone",
      grep: /@phone/,
      grepInvert: /@notifications/,
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 }, launchOptions: shell },
    },
  ],
  webServer: {
    command: `"${process.execPath}" scripts/e2e-server.ts --port ${PORT}`,
    url: `http://localhost:${PORT}/api/ping`,
    // `npm test` starts this very command early, beside its other stages (scripts/test.ts).
    reuseExistingServer: !process.env.CI || process.env.E2E_SERVER_RUNNING === "1",
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
