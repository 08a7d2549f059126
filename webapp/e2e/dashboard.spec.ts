// The dashboard of issue 13 against the real server, at 1280 px and 375 px: the demo data's
// figures, the week picker, the thresholds changed on the profile moving the gauges, and the
// subscription page for a non-subscriber. Figures are compared with the API's answer for the
// same account (the demo data is dated from the seeding day); exact comparisons use figures
// other tests cannot change in parallel (past weeks, interviews and applications).
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, nbsp, test } from "./fixtures";
import { viewports } from "./screens";

type Figure = { value?: number; previousValue?: number };
type Dashboard = {
  range: { startDate: string; endDate: string };
  currentWeek?: boolean;
  completedTasks?: number;
  notStartedTasks?: number;
  newContacts?: Figure;
  firstTasks?: Figure;
  completedInterviews?: Figure;
  engagedApplications?: Figure;
  newApplications?: Figure;
  setting: Record<string, number>;
};

async function dashboard(page: Page, time?: string): Promise<Dashboard> {
  const res = await page.request.get(`/api/dashboard${time ? `?time=${time}` : ""}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Dashboard;
}

const gaugeText = (page: Page, key: string) => page.getByTestId(`gauge-${key}`).getByTestId("gauge-text");

/** « Nouveaux contacts : 3 sur un objectif de 15, niveau faible ». */
function sentence(name: string, value: number, max: number, band: string): string {
  return `${name}${nbsp}: ${value} sur un objectif de ${max}, niveau ${band}`;
}

function day(iso: string, shiftMs = 0): string {
  return new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(Date.parse(iso) + shiftMs),
  );
}

for (const vp of viewports) {
  test.describe(`dashboard at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("a candidate sees this week's figures, then last week's", async ({ page, signIn }) => {
      await signIn(DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      const now = await dashboard(page);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
      await expect(page.getByTestId("week-label")).toHaveText("cette semaine");

      // Figures no other test changes while this one runs.
      const interviews = now.completedInterviews?.value ?? 0;
      const s = now.setting;
      await expect(gaugeText(page, "completedInterview")).toHaveText(
        sentence("Entretiens réalisés", interviews, s.completedInterviewHigh ?? 0, interviews <= (s.completedInterviewLow ?? 0) ? "faible" : interviews <= (s.completedInterviewMedium ?? 0) ? "moyen" : "élevé"),
      );
      // Other tests create applications for this candidate while this one runs: the figure shown
      // lies between the server's count before the page loaded and after it drew.
      const figure = page.getByTestId("widget-new-applications").getByTestId("figure");
      await expect(figure).toHaveText(/^\d+$/);
      const shown = Number(await figure.textContent());
      const after = await dashboard(page);
      expect(shown).toBeGreaterThanOrEqual(now.newApplications?.value ?? 0);
      expect(shown).toBeLessThanOrEqual(after.newApplications?.value ?? 0);
      // Every gauge says its figure and band in words, and the demo's tasks of the week are drawn.
      for (const key of ["newContact", "firstTask", "completedInterview", "engagedApplication"]) {
        await expect(gaugeText(page, key)).toHaveText(/: \d+ sur un objectif de \d+, niveau (faible|moyen|élevé)$/);
      }
      if ((now.completedTasks ?? 0) + (now.notStartedTasks ?? 0) > 0) {
        await expect(page.getByTestId("tasks-legend")).toBeVisible();
      }
      // The current week's links carry no time.
      await expect(page.getByTestId("tasks-link")).toHaveAttribute("href", "/activities");
      await expect(page.getByTestId("all-events")).toHaveAttribute("href", "/activities?type=event");
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`dashboard-${vp.width}.png`), fullPage: true });

      // Last week: « du lundi au dimanche », the time in the address, and last week's figures
      // (those the current week gave as previous values).
      await page.getByRole("button", { name: "Semaine précédente" }).click();
      // Seven days back, read at noon: when last week held the spring clock change it lasted 167
      // hours, and 168 hours back from this Monday 00:00 is the Sunday before it, at 23:00.
      const hour = 3600 * 1000;
      const label = `du ${day(now.range.startDate, -7 * 24 * hour + 12 * hour)} au ${day(now.range.startDate, -1)}`;
      await expect(page.getByTestId("week-label")).toHaveText(label);
      await expect(page).toHaveURL(/\/dashboard\?time=\d+$/);
      const time = new URL(page.url()).searchParams.get("time") ?? "";
      const before = await dashboard(page, time);
      expect(before.currentWeek ?? false).toBe(false);
      expect(String(Date.parse(before.range.startDate))).toBe(time);
      const contacts = before.newContacts?.value ?? 0;
      expect(contacts).toBe(now.newContacts?.previousValue ?? 0);
      await expect(gaugeText(page, "newContact")).toHaveText(
        sentence("Nouveaux contacts", contacts, s.newContactHigh ?? 0, contacts <= (s.newContactLow ?? 0) ? "faible" : contacts <= (s.newContactMedium ?? 0) ? "moyen" : "élevé"),
      );
      await expect(page.getByTestId("tasks-link")).toHaveAttribute("href", `/activities?time=${time}`);
      await expect(page.getByTestId("all-events")).toHaveAttribute("href", `/activities?type=event&time=${time}`);
      await expectAccessible(page);

      // The address alone picks the week (a shared link, a reload).
      await page.reload();
      await expect(page.getByTestId("week-label")).toHaveText(label);
      await page.getByRole("button", { name: "Revenir à cette semaine" }).click();
      await expect(page.getByTestId("week-label")).toHaveText("cette semaine");
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("a subscriber changes the thresholds on the profile and the gauges move", async ({ page, signIn }) => {
      // Three round trips through the profile and four accessibility scans.
      test.slow();
      // One account per width: thresholds are the account's.
      await signIn(vp.mobile ? DEMO.trial : "essai-agence@demo.tremplin.fr");
      await expect(page).not.toHaveURL(/\/login$/);
      // A contact added this week, so that the new-contacts gauge has something to show.
      const created = await page.request.post("/tremplin.network.v1.NetworkService/CreateContact", {
        data: { contact: { firstName: "Jauge", lastName: "MOUVEMENT" } },
        headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
      });
      expect(created.status(), await created.text()).toBe(200);

      const setThresholds = async (low: string, medium: string, high: string) => {
        await page.goto("/dashboard");
        await page.getByTestId("update-thresholds").click();
        await expect(page).toHaveURL(/\/profile#dashboardTresholds$/);
        await expect(page.getByRole("heading", { name: "Mes objectifs hebdomadaires" })).toBeFocused();
        const group = page.getByTestId("thresholds-newContact");
        await group.getByLabel("Nouveaux contacts, seuil faible").fill(low);
        await group.getByLabel("Nouveaux contacts, seuil moyen").fill(medium);
        await group.getByLabel("Nouveaux contacts, seuil élevé").fill(high);
        await page.getByRole("button", { name: "Enregistrer mes objectifs" }).click();
        await expect(page.getByTestId("toast").filter({ hasText: "Vos objectifs ont été mis à jour" })).toBeVisible();
        await page.goto("/dashboard");
      };

      await setThresholds("28", "29", "30");
      const chart = page.getByTestId("gauge-newContact").getByTestId("gauge-chart");
      await expect(gaugeText(page, "newContact")).toHaveText(/sur un objectif de 30, niveau faible$/);
      await expect(chart).toHaveAttribute("data-max", "30");
      const needle = Number(await chart.getAttribute("data-needle"));
      expect(needle).toBeGreaterThanOrEqual(1);
      expect(needle).toBeLessThan(30);

      // Live validation: a medium threshold below the low one is refused as it is typed.
      await page.getByTestId("update-thresholds").click();
      const group = page.getByTestId("thresholds-newContact");
      await group.getByLabel("Nouveaux contacts, seuil moyen").fill("3");
      await expect(group.getByRole("alert")).toHaveText("Seuils paramétrés incohérents");
      await expect(page.getByRole("button", { name: "Enregistrer mes objectifs" })).toBeDisabled();
      await group.getByLabel("Nouveaux contacts, seuil élevé").fill("31");
      await group.getByLabel("Nouveaux contacts, seuil moyen").fill("29");
      await expect(group.getByRole("alert")).toHaveText("Seuils paramétrés incohérents");
      await group.getByLabel("Nouveaux contacts, seuil élevé").fill("30");
      await expect(group.getByRole("alert")).toHaveCount(0);
      await expectAccessible(page);

      // Thresholds of 0 / 0 / 1: the figure is in the high band, the needle stops at the top.
      await setThresholds("0", "0", "1");
      await expect(gaugeText(page, "newContact")).toHaveText(/sur un objectif de 1, niveau élevé$/);
      await expect(chart).toHaveAttribute("data-max", "1");
      await expect(chart).toHaveAttribute("data-needle", "1");
      await expect(page.getByTestId("gauge-newContact").getByTestId("gauge-band")).toHaveText("Niveau élevé");

      // No threshold above zero: « Aucun seuil ».
      await setThresholds("0", "0", "0");
      await expect(page.getByTestId("gauge-newContact").getByTestId("no-threshold")).toHaveText("Aucun seuil");
      await expect(gaugeText(page, "newContact")).toHaveText(/aucun seuil$/);
      await expectAccessible(page);
    });

    test("a non-subscriber is sent to the subscription page to change the thresholds", async ({ page }) => {
      await login(page, DEMO.trialOver);
      await expect(page).toHaveURL(/\/ask-subscription$/);
      await page.goto("/dashboard");
      await expect(page.getByTestId("week-label")).toHaveText("cette semaine");
      await expectAccessible(page);
      await page.getByTestId("update-thresholds").click();
      await expect(page).toHaveURL(/\/ask-subscription$/);
    });
  });
}
