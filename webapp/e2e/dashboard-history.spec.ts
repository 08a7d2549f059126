// The dashboard's last 12 weeks (issue 22) on a throttled phone: the week's figures are drawn
// before the chart's code (echarts, a chunk of its own) has arrived, the chart's place is held
// at its height meanwhile (nothing below it moves when it comes), and the same figures are
// offered as a table, opened and closed from the keyboard. The chart's chunk is held back by
// the test until the figures have been seen, so the order is the app's, not the network's luck.
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, test } from "./fixtures";

/** 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (as e2e/first-load.spec.ts). */
const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** The chart's chunk (components/charts/WeeklyEChart.tsx). */
const CHART_CHUNK = /\/assets\/WeeklyEChart-[^/]+\.js$/;

/** The Monday of the current week in Paris, as the chart names weeks (« 23 nov. »). */
function thisMonday(): string {
  const now = new Date(); // the tests' clock runs in Europe/Paris (playwright.config.ts)
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7), 12);
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short" }).format(monday);
}

test.use({ viewport: { width: 375, height: 740 } });

test("a candidate's 12 weeks: the figures first, then the chart, and its table by keyboard", async ({ page }) => {
  await login(page, DEMO.candidate);
  await expect(page).not.toHaveURL(/\/login/);

  let requested = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(CHART_CHUNK, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", THROTTLE);

  await page.goto("/dashboard");
  const section = page.getByRole("region", { name: "Vos 12 dernières semaines" });
  // The week's figures and the section's heading and legend, while the chart's code is held back.
  await expect(page.getByTestId("gauge-newContact")).toBeVisible();
  await expect(section.getByRole("button", { name: "Nouveaux contacts" })).toBeVisible();
  await expect(section.getByTestId("chart-loading")).toBeVisible();
  // Asked for with the screen's code (preloadCharts), not after the history was drawn.
  expect(requested).toBe(true);
  await expect(section.getByTestId("weekly-echart")).toHaveCount(0);
  const toggle = section.getByRole("button", { name: "Voir les données" });
  const before = await toggle.boundingBox();

  release();
  const chart = section.getByTestId("weekly-echart");
  await expect(chart.locator("svg")).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId("chart-loading")).toHaveCount(0);
  // ECharts' aria label: the description, on the picture.
  await expect(chart).toHaveAttribute("role", "img");
  await expect(chart).toHaveAttribute("aria-label", /face à vos objectifs/);
  // The placeholder had the chart's height: what is below it did not move.
  expect((await toggle.boundingBox())?.y).toBe(before?.y);

  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The table, opened from the keyboard: a row per week, the current week last.
  await toggle.focus();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  const hide = section.getByRole("button", { name: "Masquer les données" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  const table = section.getByRole("table", { name: /face à vos objectifs/ });
  await expect(table).toBeVisible();
  const rows = table.getByTestId("chart-data-row");
  await expect(rows).toHaveCount(12);
  await expect(rows.last().getByRole("rowheader")).toHaveText(`Semaine du ${thisMonday()}`);
  await expect(table.getByRole("columnheader", { name: /^Nouveaux contacts \(objectif/ })).toBeVisible();

  // A series switched off from the legend, by keyboard too.
  const contacts = section.getByRole("button", { name: "Nouveaux contacts" });
  await contacts.focus();
  await page.keyboard.press("Space");
  await expect(contacts).toHaveAttribute("aria-pressed", "false");

  await expectAccessible(page);

  await hide.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("button", { name: "Voir les données" })).toHaveAttribute("aria-expanded", "false");
  await expect(table).toBeHidden();
});
