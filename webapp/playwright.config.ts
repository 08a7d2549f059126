// End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium, never a downloaded
// browser) against the real `tremplin` binary, started by e2e/global-setup.ts on a fresh
// SQLite database seeded with the demo accounts.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 800 },
    // Tracing costs CPU on every test; turn it on when investigating (TREMPLIN_E2E_TRACE=1).
    trace: process.env.TREMPLIN_E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
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
