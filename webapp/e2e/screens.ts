// Every screen of the app, per audience, for the specs that check all of them (CSP, axe). A new
// screen is added here: it is then checked at 375 px and 1280 px by e2e/every-screen.spec.ts.
import type { Page } from "@playwright/test";
import { DEMO } from "./env";
import { expect } from "./fixtures";

export type Screen = {
  name: string;
  /** Shows the screen (the page is signed in as the audience's account). */
  open: (page: Page) => Promise<void>;
};

const NO_LINK = "id=00000000-0000-0000-0000-000000000000&token=abc";

/** Goes to path and waits until its main heading is on screen and its calls are done. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

const at = (path: string): Screen => ({ name: path, open: (page) => visit(page, path) });

/** Opens the first item of a list whose links start with prefix (a task, an event, a candidate). */
const first = (name: string, list: string, prefix: string): Screen => ({
  name,
  open: async (page) => {
    await visit(page, list);
    await page.locator(`main a[href^="${prefix}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(prefix.replace(/\//g, "\\/")));
    await settle(page);
  },
});

export const audiences: { account: string | null; screens: Screen[] }[] = [
  {
    account: null,
    screens: [
      at("/login"),
      { name: "/login (mot de passe oublié)", open: async (page) => {
        await visit(page, "/login");
        await page.getByRole("button", { name: /Mot de passe oublié/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      } },
      at(`/new-password?${NO_LINK}`),
      at(`/update-password?${NO_LINK}`),
      at("/cgu"),
      at("/legal-notice"),
      at("/unsubscribe?token=abc"),
    ],
  },
  {
    account: DEMO.candidate,
    screens: [
      at("/"),
      at("/dashboard"),
      at("/contacts"),
      { name: "/contacts (nouveau contact)", open: async (page) => {
        await visit(page, "/contacts");
        await page.getByRole("button", { name: /Ajouter un contact/ }).first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.waitForLoadState("networkidle");
      } },
      { name: "/contacts (importer)", open: async (page) => {
        await visit(page, "/contacts");
        await page.getByRole("button", { name: "Importer", exact: true }).first().click();
        await expect(page.getByRole("dialog", { name: "Importer des contacts" })).toBeVisible();
        await page.waitForLoadState("networkidle");
      } },
      { name: "/contact/:id", open: async (page) => {
        await visit(page, "/contacts");
        await page.getByRole("main").getByRole("link", { name: /\S/ }).filter({ has: page.locator("xpath=self::a[starts-with(@href, '/contact/')]") }).first().click();
        await expect(page).toHaveURL(/\/contact\//);
        await settle(page);
      } },
      at("/applications"),
      { name: "/applications (tableau)", open: async (page) => {
        await visit(page, "/applications");
        await page.getByRole("button", { name: "Tableau" }).click();
        await expect(page.getByRole("region", { name: "Tableau des candidatures" })).toBeVisible();
      } },
      { name: "/applications (tableau, menu « Déplacer vers… »)", open: async (page) => {
        await visit(page, "/applications");
        await page.getByRole("button", { name: "Tableau" }).click();
        await page.getByRole("button", { name: /^Déplacer vers… / }).first().click();
        await expect(page.getByRole("menu")).toBeVisible();
        // Back to the list for the next screens (the view is remembered).
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toHaveCount(0);
      } },
      { name: "/applications (liste)", open: async (page) => {
        await visit(page, "/applications");
        await page.getByRole("button", { name: "Liste" }).click();
        await expect(page.getByRole("region", { name: "Tableau des candidatures" })).toHaveCount(0);
      } },
      { name: "/application/:id", open: async (page) => {
        // The demo's first application (the list screen may not link to it yet).
        const res = await page.request.post("/tremplin.opportunity.v1.OpportunityService/ListApplications", {
          data: {},
          headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
        });
        expect(res.status()).toBe(200);
        const { applications } = (await res.json()) as { applications: { id: string }[] };
        await visit(page, `/application/${applications[0]!.id}`);
        await expect(page.getByRole("region", { name: "Informations" })).toBeVisible();
      } },
      { name: "/applications (nouvelle candidature)", open: async (page) => {
        await visit(page, "/applications");
        await page.getByRole("button", { name: "Ajouter une candidature" }).first().click();
        await expect(page.getByRole("dialog", { name: "Nouvelle candidature" }).getByRole("textbox", { name: /^Entreprise/ })).toBeVisible();
        await page.waitForLoadState("networkidle");
      } },
      at("/activities"),
      first("/task/:id", "/activities", "/task/"),
      first("/event/:id", "/activities?type=event", "/event/"),
      at("/profile"),
      at("/ask-subscription"),
      at("/success"),
      at("/help"),
      at("/cgu"),
      at("/legal-notice"),
    ],
  },
  { account: DEMO.trial, screens: [at("/"), at("/ask-subscription")] },
  { account: DEMO.trialOver, screens: [at("/"), at("/applications"), at("/ask-subscription")] },
  {
    account: DEMO.agency,
    screens: [
      at("/candidates"),
      first("/candidates/:id/progress", "/candidates", "/candidates/"),
      at("/insight"),
      at("/profile"),
      at("/help"),
    ],
  },
  {
    account: DEMO.admin,
    screens: [
      at("/agencies"),
      at("/insight"),
      first("/agencies/:id/insight", "/insight", "/agencies/"),
      at("/candidates"),
      at("/profile"),
      at("/help"),
    ],
  },
];

/** The two widths every screen is checked at, the phone first; `mobile` for the steps that differ on a phone. */
export const widths = [
  { name: "375 px", width: 375, height: 740, mobile: true },
  { name: "1280 px", width: 1280, height: 800, mobile: false },
] as const;

/** The same two widths, the desktop first, for the journeys run at both. */
export const viewports = [widths[1], widths[0]] as const;
