// Issue 23, « stay in touch »: a rhythm per contact, the contacts to call back this week on the
// home and the dashboard with one tap to plan the follow-up, and the list's « À relancer » filter.
// essai@ has the demo network, where Marc LEFÈVRE and Paul LAMBERT are engaged and silent for
// more than six weeks; no other test touches them in that account.
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, test, toast } from "./fixtures";

test("the contacts to call back: seen on the home, planned in one tap, filtered in the network; a rhythm is set on a contact", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.trial);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "À relancer cette semaine" });
  const paul = panel.getByTestId("call-back").filter({ hasText: "Paul LAMBERT" });
  await expect(paul).toContainText(/BNP Paribas · Dernier échange le \d{2}\/\d{2}\/\d{4}/);
  await expect(panel.getByTestId("call-back").filter({ hasText: "Marc LEFÈVRE" })).toBeVisible();
  await expectAccessible(page);

  // One tap: the task form, with the contact and « Relance » already chosen.
  // By keyboard.
  await paul.getByRole("button", { name: "Planifier une relance avec Paul LAMBERT" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Nouvelle tâche" });
  await expect(dialog.getByRole("combobox", { name: /^Sujet/ })).toHaveText("Relance");
  await expect(dialog.getByRole("combobox", { name: /^Contact/ })).toHaveValue(/Paul LAMBERT/);
  await dialog.getByRole("combobox", { name: /^Moyen de contact/ }).click();
  await page.getByRole("option", { name: "E-mail", exact: true }).click();
  await expect(page.locator('ul[role="listbox"]')).toHaveCount(0);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(toast(page, "Tâche créée")).toBeVisible();
  // Planned: not to call back any more.
  await expect(paul).toHaveCount(0);
  await expect(panel.getByTestId("call-back").filter({ hasText: "Marc LEFÈVRE" })).toBeVisible();

  // On a desktop: the dashboard shows the same, the network filters on it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "À relancer cette semaine" }).getByTestId("call-back")).toHaveText([/Marc LEFÈVRE/]);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "À relancer", exact: true }).click();
  await expect(page.getByRole("button", { name: "À relancer", exact: true })).toHaveAttribute("aria-pressed", "true");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("LEFÈVRE");

  // A rhythm, chosen in the form, shown on the contact's page.
  await rows.first().getByRole("link", { name: /LEFÈVRE/ }).click();
  await page.getByRole("button", { name: "Modifier" }).first().click();
  const form = page.getByRole("dialog", { name: /Modifier/ });
  await form.getByRole("combobox", { name: /^Rester en contact/ }).click();
  await page.getByRole("option", { name: "Tous les mois", exact: true }).click();
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("details-rhythm")).toHaveText("Tous les mois");
});
