// Issue 23, « duplicates merged »: two contacts that look like one person are proposed from the
// contacts list; the person chooses what differs, and one contact remains with everything.
// essai@ holds no other pair (its demo network has none, and the imports skip homonyms).
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, test, token, createContactByApi } from "./fixtures";

for (const { name, width, height } of [
  { name: "375 px", width: 375, height: 800 },
  { name: "1280 px", width: 1280, height: 860 },
]) {
  test(`two contacts that are one person are merged, what differs chosen (${name})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const t = token();
    const last = `DOUBLON${t.toUpperCase()}`;
    // A mobile of this run only: two runs sharing one would make a pair of their own.
    const digits = () => String(Math.floor(Math.random() * 100)).padStart(2, "0");
    const mobile = `06 ${digits()} ${digits()} ${digits()} ${digits()}`;
    await login(page, DEMO.trial);
    await expect(page).not.toHaveURL(/\/login/);
  await expect(page).not.toHaveURL(/\/login/);
    await createContactByApi(page, { firstName: "Inès", lastName: last, email: `ines.${t}@exemple.fr`, company: "Acme" });
    await createContactByApi(page, { firstName: "Inès", lastName: last, mobileNumber: mobile, company: "Acme Corp", tags: ["Lyon"] });

    await page.goto("/contacts");
    const notice = page.getByTestId("duplicates-notice");
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Examiner" }).click();
    const dialog = page.getByRole("dialog", { name: "Fusionner des doublons" });
    // Other runs' pairs (the other width) may come first: skip to this one.
    await expect(dialog.getByTestId("merge-left")).toBeVisible();
    for (let i = 0; i < 5 && !(await dialog.getByText(last).first().isVisible()); i++) {
      await dialog.getByRole("button", { name: "Ce ne sont pas les mêmes personnes" }).click();
      await expect(dialog.getByTestId("merge-left")).toBeVisible();
    }
    await expect(dialog.getByText("Même nom")).toBeVisible();
    const company = dialog.getByRole("radiogroup", { name: "Entreprise" });
    await expect(company.getByRole("radio")).toHaveCount(2);
    // By keyboard: the arrow moves the choice to the other company.
    await company.getByRole("radio", { name: "Acme", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(company.getByRole("radio", { name: "Acme Corp" })).toBeChecked();
    await expect(dialog.getByTestId("merge-tags")).toHaveText("Étiquettes réunies\u00a0: Lyon");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Fusionner", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast").filter({ hasText: "Les deux contacts ont été fusionnés" })).toBeVisible();
    // The flow goes on with the pairs left (the other run's), until none is.
    const done = dialog.getByText("Plus aucun doublon à examiner.");
    for (let i = 0; i < 5; i++) {
      await expect(dialog.getByTestId("merge-left").or(done)).toBeVisible();
      if (await done.isVisible()) break;
      await dialog.getByRole("button", { name: "Ce ne sont pas les mêmes personnes" }).click();
    }
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();

    // One contact remains, with the e-mail of one, the mobile of the other, the company chosen.
    await page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }).fill(t);
    const items = page.getByTestId(width < 800 ? "contact-card" : "contact-row");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Acme Corp");
    await expect(items.first()).toContainText(mobile);
    await expect(items.first()).toContainText(`ines.${t}@exemple.fr`);
  });
}
