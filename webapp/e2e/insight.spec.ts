// The insight screens of issue 22 against the real server, at 375 px and 1280 px: the agency
// admin opens « Suivi de l'agence » from the menu, reads its charts and its table, sorts it and
// opens a candidate's coach view from it; the platform admin opens « Suivi de la plateforme »
// and an agency's insight from it; a page view made by browsing reaches the platform admin's
// most viewed screens, as a route pattern. axe on every screen.
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, test } from "./fixtures";
import { widths } from "./screens";

/** Opens a main menu entry: through the burger on a phone, the header's links otherwise. */
async function openFromMenu(page: Page, label: string): Promise<void> {
  const burger = page.getByRole("button", { name: "Ouvrir le menu" });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: label, exact: true }).click();
}

/** The whole numbers of a column of a table body (French digits, spaces between thousands). */
async function columnNumbers(page: Page, table: string, tdIndex: number): Promise<number[]> {
  const cells = await page.getByTestId(table).locator(`tbody tr td:nth-of-type(${tdIndex})`).allTextContents();
  return cells.map((text) => Number(text.replace(/\D/g, "")));
}

const CHARTS = ["Candidats actifs", "Candidatures envoyées", "Entretiens", "Candidats à l'objectif", "Licences"];

for (const { name: width, width: w, height } of widths) {
  test.describe(`insight at ${width}`, () => {
    test.use({ viewport: { width: w, height } });

    test("the agency admin reads the agency's weeks, sorts the table and opens a candidate's coach view", async ({ page }) => {
      await login(page, DEMO.agency);
      await expect(page).not.toHaveURL(/\/login/);
      await openFromMenu(page, "Suivi de l'agence");
      await expect(page).toHaveURL(/\/insight$/);
      await expect(page.getByRole("heading", { level: 1, name: "Suivi de l'agence" })).toBeVisible();
      await expect(page.getByTestId("consent")).toContainText(/candidats? sur \d+ partagen?t? (leur|son) suivi/);
      for (const title of CHARTS) await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();

      const table = page.getByTestId("sharing-table");
      await expect(table).toBeVisible();
      await expect(table.getByTestId("sharing-row").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);

      // Candidatures envoyées (the 4th data cell of a row): the most first, then the fewest.
      await table.getByRole("button", { name: /^Candidatures envoyées/ }).click();
      await expect(table.getByTestId("sort-applicationsSent")).toHaveAttribute("aria-sort", "descending");
      const descending = await columnNumbers(page, "sharing-table", 4);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      await table.getByRole("button", { name: /^Candidatures envoyées/ }).click();
      await expect(table.getByTestId("sort-applicationsSent")).toHaveAttribute("aria-sort", "ascending");
      const ascending = await columnNumbers(page, "sharing-table", 4);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

      // « LASTNAME Firstname » in the table; the coach view's title says the same person.
      const first = table.getByRole("link", { name: /, voir sa progression$/ }).first();
      const lastName = ((await first.textContent()) ?? "").trim().split(" ")[0]!;
      await first.click();
      await expect(page).toHaveURL(/\/candidates\/[^/]+\/progress$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(lastName);
    });

    test("the platform admin reads the platform's weeks and opens an agency's insight", async ({ page }) => {
      await login(page, DEMO.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await openFromMenu(page, "Suivi de la plateforme");
      await expect(page).toHaveURL(/\/insight$/);
      await expect(page.getByRole("heading", { level: 1, name: "Suivi de la plateforme" })).toBeVisible();
      const agencies = page.getByTestId("agencies-table");
      await expect(agencies).toBeVisible();
      for (const title of ["Essais B2C", "Pages vues par type de compte", "Écrans les plus vus"]) {
        await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);

      const link = agencies.getByRole("link", { name: /, voir son suivi$/ }).first();
      const agency = ((await link.textContent()) ?? "").trim();
      await link.click();
      await expect(page).toHaveURL(/\/agencies\/[^/]+\/insight$/);
      await expect(page.getByRole("heading", { level: 1, name: "Suivi de l'agence" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText(agency);
      await expect(page.getByTestId("consent")).toBeVisible();
      // The platform admin has no coach view: names are not links.
      const sharing = page.getByTestId("sharing-table");
      if (await sharing.isVisible()) await expect(sharing.getByRole("link")).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);

      await page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Agences" }).click();
      await expect(page).toHaveURL(/\/agencies$/);
    });
  });
}

test("a page view made by browsing reaches the platform admin's most viewed screens, as its route pattern", async ({ page, browser, baseURL }) => {
  await login(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/insight");
  const row = page.getByTestId("routes-table").locator('[data-route="/cgu"]');
  await expect(page.getByTestId("routes-table")).toBeVisible();
  const views = async () => ((await row.count()) ? Number(((await row.locator("td").textContent()) ?? "").replace(/\D/g, "")) : 0);
  const before = await views();

  // A visitor without an account reads the terms of use: one view of "/cgu" goes out, and
  // nothing else (no query, no other field).
  const visitor = await browser.newContext({ baseURL });
  try {
    const page2 = await visitor.newPage();
    // Chromium does not show a beacon's body to Playwright: the page keeps a copy of each one.
    await page2.addInitScript(() => {
      const w = window as typeof window & { __beacons: string[] };
      const send = navigator.sendBeacon.bind(navigator);
      w.__beacons = [];
      navigator.sendBeacon = (url, data) => {
        void (data as Blob).text().then((body) => w.__beacons.push(`${String(url)} ${body}`));
        return send(url, data);
      };
    });
    const sent = page2.waitForRequest((r) => r.url().endsWith("/api/page-views") && r.method() === "POST");
    await page2.goto("/cgu?from=mail");
    await expect(page2.getByRole("heading", { level: 1 })).toBeVisible();
    const answer = await (await sent).response();
    expect(answer?.ok(), "the server counts the view").toBe(true);
    await expect
      .poll(() => page2.evaluate(() => (window as typeof window & { __beacons: string[] }).__beacons))
      .toEqual(['/api/page-views {"route":"/cgu"}']);
  } finally {
    await visitor.close();
  }

  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("routes-table")).toBeVisible();
    expect(await views()).toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });
  await expect(row.locator("th")).toContainText("Conditions générales d'utilisation");
});
