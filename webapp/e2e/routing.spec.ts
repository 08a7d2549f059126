import { expect, test } from "./fixtures";

test.describe("anonymous visitor", () => {
  test("every other address leads to the login page", async ({ page }) => {
    for (const path of ["/", "/dashboard", "/contacts", "/contact/12", "/candidates", "/agencies", "/nimporte-quoi"]) {
      await page.goto(path);
      await expect(page, `${path} should lead to /login`).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { name: "Bon retour parmi nous" })).toBeVisible();
    }
  });

  test("password links without both id and token lead to the login page", async ({ page }) => {
    for (const path of ["/new-password", "/new-password?id=abc", "/update-password?token=xyz", "/update-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("the terms of use and the legal notice are public and state the 2-year retention", async ({ page }) => {
    await page.goto("/cgu");
    await expect(page.getByRole("heading", { level: 1, name: "Conditions générales d'utilisation" })).toBeVisible();
    await expect(page.getByText(/conservées pendant 2 ans après la dernière connexion/)).toBeVisible();
    // The public header shows only a login link.
    const header = page.getByRole("banner");
    await expect(header.getByRole("link")).toHaveCount(2); // the logo and « Se connecter »
    await expect(header.getByRole("link", { name: "Se connecter" })).toBeVisible();

    await page.goto("/legal-notice");
    await expect(page.getByRole("heading", { level: 1, name: "Mentions légales" })).toBeVisible();
    await expect(page.getByText(/supprimées 2 ans après votre dernière connexion/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cookies" })).toBeVisible();
  });

  test("the login form checks its fields before calling the server", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Ce champ est obligatoire")).toHaveCount(2);
    await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
    await page.getByLabel("Mot de passe", { exact: true }).click();
    await expect(page.getByText("Le format de l'email est incorrect")).toBeVisible();
  });
});
