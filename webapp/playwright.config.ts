// End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium-headless-shell, the
// headless-only build: a quarter less CPU than /usr/bin/chromium headless; never a downloaded
// browser) against the real `tremplin` binary, started by e2e/global-setup.ts on a fresh
// SQLite database seeded with the demo accounts.
import { defineConfig } from "@playwright/test";

// The tests compute "today" and "noon" with Node's clock; the app and the server count days in
// Europe/Paris (the browser runs with that zone below). Without this, between 23:00 and 00:00
// UTC the tests and the app disagree on the date.
process.env.TZ = "Europe/Paris";

/** Tests run once every other test has finished: see `projects` below. */
const ALONE = ["**/revalidation.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Most tests share the demo accounts and run side by side. A test that needs the candidate's
  // data to stay unchanged for its whole length (an ETag is the owner's data version: any
  // change by a neighbouring test answers 200 instead of 304) runs alone, after the others.
  projects: [
    { name: "shared", testIgnore: ALONE },
    { name: "alone", testMatch: ALONE, dependencies: ["shared"] },
  ],
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // Two pages at a time on 2 cores: with three or four, axe's analyses and the renders of the
  // long lists share the cores and tests pass their 30 s (measured: the applications list,
  // 15 s with two workers, timed out with three).
  workers: 2,
  // One retry, recorded: a test that passes on its retry is reported « flaky » by the list
  // reporter, with a trace of the retry in test-results/ (npx playwright show-trace). Seen once
  // in CI and never here in 6 runs alone nor a full run with tracing: the agency admin's second
  // row menu (agencies.spec.ts, 375 px) not offering its item. A test failing twice fails CI.
  retries: 1,
  forbidOnly: true,
  // A hang guard, not a speed check: in CI the Go tests share the two cores, and a test that
  // takes 5 s alone was seen passing 30 s there (the applications list at 375 px). The machine
  // itself was seen three times slower from one day to the next (2026-11-28), hence the margin.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 800 },
    // Tracing costs CPU on every test: only a retry is traced, unless investigating
    // (TREMPLIN_E2E_TRACE=1).
    trace: process.env.TREMPLIN_E2E_TRACE ? "retain-on-failure" : "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
