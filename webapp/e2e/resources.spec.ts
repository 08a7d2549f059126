// Links of a contact against the real server: it keeps only web and mail addresses, and the
// form shows its French message for anything else (a javascript: link would run a script in a
// client that shows links as they are); an address without a scheme opens as https.
import { DEMO } from "./env";
import { expect, test } from "./fixtures";

test("a script link is refused with the server's message; a web address opens as https", async ({ page, signIn }) => {
  const name = `Lien${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 6)}`;
  await signIn(DEMO.candidate);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nouveau contact" });
  await dialog.getByRole("textbox", { name: /^Prénom/ }).fill("Ines");
  await dialog.getByRole("textbox", { name: /^Nom/ }).fill(name);
  await dialog.getByRole("button", { name: "Ajouter une ressource" }).click();
  await dialog.getByRole("textbox", { name: "Libellé" }).fill("Piège");
  await dialog.getByRole("textbox", { name: "Adresse (URL)" }).fill("javascript:alert(document.cookie)");
  await dialog.getByRole("button", { name: "Créer le contact" }).click();
  await expect(
    dialog.getByText("L'adresse doit commencer par http://, https:// ou mailto: (ou être une adresse web comme www.exemple.fr)"),
  ).toBeVisible();

  await dialog.getByRole("textbox", { name: "Libellé" }).fill("Portfolio");
  await dialog.getByRole("textbox", { name: "Adresse (URL)" }).fill("www.exemple.fr/ines");
  await dialog.getByRole("button", { name: "Créer le contact" }).click();
  await page.getByRole("dialog", { name: "Contact incomplet" }).getByRole("button", { name: "J'ai compris" }).click();
  await page.getByRole("link", { name: new RegExp(name, "i") }).first().click();
  const link = page.getByRole("link", { name: /Portfolio/ });
  await expect(link).toHaveAttribute("href", "https://www.exemple.fr/ines");
  await expect(link).toHaveAttribute("target", "_blank");
});
