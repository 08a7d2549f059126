import { ENV, INVITED_ADMINS, RESET_ADMIN, required } from "./env";
import { attempt, expect, login, test } from "./fixtures";
import { passwordLinks } from "./outbox";

test("the reset-password modal sends the link and confirms", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
  const dialog = page.getByRole("dialog", { name: "Réinitialiser votre mot de passe" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(dialog.getByText("Ce champ est obligatoire")).toBeVisible();
  await dialog.getByLabel("Adresse e-mail").fill(RESET_ADMIN);
  // The links already sent (a retry finds its first try's, used): the new one comes after them.
  const sent = passwordLinks(RESET_ADMIN).length;
  await dialog.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Si un compte correspond à cette adresse" })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The e-mailed link opens the update-password page, which sets the new password.
  await expect.poll(() => passwordLinks(RESET_ADMIN).length, { timeout: 20_000 }).toBeGreaterThan(sent);
  const link = passwordLinks(RESET_ADMIN).at(-1)!;
  expect(link).toContain("/update-password?");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez un nouveau mot de passe" })).toBeVisible();
  await expect(page.getByText("J'accepte les")).toHaveCount(0); // no terms checkbox here
  await page.getByLabel("Nouveau mot de passe").fill("faible");
  await page.getByLabel("Confirmation du mot de passe").fill("autre");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Le format du mot de passe est incorrect")).toBeVisible();
  await expect(page.getByText("Les 2 mots de passe ne sont pas identiques")).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill("Nouveau-depart-2026");
  await page.getByLabel("Confirmation du mot de passe").fill("Nouveau-depart-2026");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast").filter({ hasText: "Votre mot de passe est enregistré" })).toBeVisible();

  await login(page, RESET_ADMIN, "Nouveau-depart-2026");
  await expect(page).toHaveURL(/\/agencies$/);

  // The link was single-use.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel("Nouveau mot de passe").fill("Encore-un-2026!");
  await page.getByLabel("Confirmation du mot de passe").fill("Encore-un-2026!");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText(/Ce lien n'est plus valide/)).toBeVisible();
});

test("an invitation link creates the password once the terms are accepted", async ({ page }) => {
  // One invited admin per attempt: the first try may have used its link.
  const invited = attempt(INVITED_ADMINS);
  const link = new URL((JSON.parse(required(ENV.invitationLinks)) as Record<string, string>)[invited]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1, name: "Créez votre mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill("Premier-jour-2026");
  await page.getByLabel("Confirmation du mot de passe").fill("Premier-jour-2026");
  await page.getByRole("button", { name: "Créer mon mot de passe" }).click();
  await expect(
    page.getByText("Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "conditions générales d'utilisation", exact: true })).toHaveAttribute("href", "/cgu");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Créer mon mot de passe" }).click();
  // Completing the invitation signs the person in.
  await expect(page).toHaveURL(/\/agencies$/);
  await page.context().clearCookies();
  await login(page, invited, "Premier-jour-2026");
  await expect(page).toHaveURL(/\/agencies$/);
});
