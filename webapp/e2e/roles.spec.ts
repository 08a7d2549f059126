import { DEMO } from "./env";
import { expect, login, mainMenuLinks, me, nbsp, test } from "./fixtures";

test("the platform admin lands on /agencies with the candidates, agencies and platform insight menu", async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/agencies$/);
  await expect(mainMenuLinks(page)).toHaveText(["Candidats", "Agences", "Suivi de la plateforme"]);
  await expect(page.getByRole("heading", { level: 1, name: "Agences" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Agences" })).toContainText("Agence Horizon Emploi");
  // "/" and paths of other audiences lead back to the start page.
  await page.goto("/");
  await expect(page).toHaveURL(/\/agencies$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/agencies$/);
  await mainMenuLinks(page).filter({ hasText: "Candidats" }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Candidats" })).toBeVisible();
});

test("the agency admin lands on /candidates with the candidates and agency insight menu", async ({ page }) => {
  await login(page, DEMO.agency);
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(mainMenuLinks(page)).toHaveText(["Candidats", "Suivi de l'agence"]);
  await page.goto("/agencies");
  await expect(page).toHaveURL(/\/candidates$/);
  await page.goto("/cgu"); // not in the agency admin's route map
  await expect(page).toHaveURL(/\/candidates$/);
});

for (const [who, email] of [
  ["the B2B candidate", DEMO.candidate],
  ["the B2C candidate in trial", DEMO.trial],
] as const) {
  test(`${who} lands on the home page with the candidate menu`, async ({ page }) => {
    await login(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(mainMenuLinks(page)).toHaveText(["Tableau de bord", "Mon réseau", "Activités", "Opportunités"]);
    const { firstName } = await me(page);
    expect(firstName).toBeTruthy();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour ${firstName}${nbsp}!`);
    // The four-step guide, the help link and a quote with its author.
    await expect(page.getByRole("list").filter({ hasText: "Étape 1" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Consulter l'aide" })).toHaveAttribute("href", "/help");
    await expect(page.getByTestId("daily-quote").locator("figcaption")).toHaveText(/^— \S/);
    // Premium access: no Premium item in the user menu.
    await page.getByRole("button", { name: "Menu du compte" }).click();
    await expect(page.getByRole("menuitem", { name: "Mon profil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Aide" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Mentions légales" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Se déconnecter" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Abonnement Premium" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    // Screens of later issues show a placeholder, not a crash (a malformed contact id shows the
    // details page's not-found state); admin pages are out of reach.
    await mainMenuLinks(page).filter({ hasText: "Opportunités" }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mes opportunités" })).toBeVisible();
    await page.goto("/contact/123");
    await expect(page.getByRole("heading", { level: 1, name: "Contact introuvable" })).toBeVisible();
    await page.goto("/candidates");
    await expect(page).toHaveURL(/\/$/);
  });
}
