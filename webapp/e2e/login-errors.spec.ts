import { DEMO } from "./env";
import { expect, login, mainMenuLinks, test } from "./fixtures";

test("a wrong password shows the authentication error", async ({ page }) => {
  await login(page, DEMO.candidate, "Mauvais-mot-de-passe-1");
  await expect(page.getByText("Erreur lors de l'authentification")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown e-mail shows the same authentication error", async ({ page }) => {
  await login(page, "personne@demo.tremplin.fr", "Peu-importe-2026");
  await expect(page.getByText("Erreur lors de l'authentification")).toBeVisible();
});

test("the B2B candidate whose licence expired sees the no-licence message", async ({ page }) => {
  await login(page, DEMO.expiredLicence);
  await expect(
    page.getByText(
      "Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Not signed in: the home page still leads to the login page.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("the B2B candidate never given a licence is told they have none yet, not that it expired", async ({ page }) => {
  await login(page, "nouveau@demo.tremplin.fr");
  await expect(
    page.getByText("Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte."),
  ).toBeVisible();
  await expect(page.getByText(/a expiré/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test("the B2C candidate whose trial ended signs in and is offered the ask-payment page", async ({ page }) => {
  await login(page, DEMO.trialOver);
  await expect(page).toHaveURL(/\/ask-subscription$/);
  await expect(page.getByRole("heading", { level: 1, name: "Votre période d'essai est terminée" })).toBeVisible();
  await expect(page.getByText("La recherche dans vos contacts")).toBeVisible();
  await expect(page.getByText("TTC / mois")).toBeVisible();
  await expect(page.getByRole("link", { name: "Je m'abonne" })).toHaveAttribute("href", "/api/payment/session");
  // Signed in all the same, with the candidate menu and the Premium item in the user menu.
  await expect(mainMenuLinks(page)).toHaveCount(4);
  await page.getByRole("button", { name: "Menu du compte" }).click();
  await page.getByRole("menuitem", { name: "Abonnement Premium" }).click();
  await expect(page).toHaveURL(/\/ask-subscription$/);
});
