import { DEMO, DEMO_PASSWORD } from "./env";
import { expect, test } from "./fixtures";

test.describe("anonymous visitor", () => {
  test("every other address leads to the login page, keeping the address asked for", async ({ page }) => {
    for (const path of ["/dashboard", "/contacts", "/contact/12", "/candidates", "/agencies", "/nimporte-quoi"]) {
      await page.goto(path);
      await expect(page, `${path} should lead to /login`).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole("heading", { name: "Bon retour parmi nous" })).toBeVisible();
    }
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  // The server answers the redirect itself when there is no session cookie (internal/server/spa.go).
  test("opening a link signed out leads to the login, then back to the link", async ({ page }) => {
    const response = await page.goto("/activities?type=event");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/activities\?type=event$/);
    await expect(page).toHaveURL("/login?next=%2Factivities%3Ftype%3Devent");
    await page.getByLabel("Adresse e-mail").fill(DEMO.candidate);
    await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL("/activities?type=event");
  });

  test("a next leading to another site is not followed", async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent("//example.com/contacts")}`);
    await page.getByLabel("Adresse e-mail").fill(DEMO.candidate);
    await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(page.url(), process.env.TREMPLIN_E2E_BASE_URL).origin);
    await expect(page).toHaveURL(/\/$/);
  });

  test("password links without both id and token lead to the login page", async ({ page }) => {
    for (const path of ["/new-password", "/new-password?id=abc", "/update-password?token=xyz", "/update-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login(\?next=.*)?$/);
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
