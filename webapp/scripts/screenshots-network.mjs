// Screenshots of the network screens (issue 4) at 375 px and 1280 px, for a visual review.
//   node scripts/screenshots-network.mjs http://127.0.0.1:18080 [outDir]
// It creates contacts (names prefixed "Capture") in candidat@demo.tremplin.fr's network.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { launchChromium, login as signIn } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:18080";
const out = process.argv[3] ?? "screenshots";
const only = process.argv[4]; // optional: a name fragment to shoot only matching steps
mkdirSync(out, { recursive: true });
const linkedin = resolve(import.meta.dirname, "../../internal/contactcsv/testdata/linkedin_connections.csv");

const browser = await launchChromium();

const login = (page, email) => signIn(page, base, email);

for (const width of [375, 1280]) {
  const height = width === 375 ? 780 : 800;
  const ctx = await browser.newContext({ viewport: { width, height }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await ctx.newPage();
  const shoot = async (name, full = true) => {
    if (only && !name.includes(only)) return;
    await page.waitForTimeout(450);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: full });
  };

  await login(page, "candidat@demo.tremplin.fr");
  await page.goto(`${base}/contacts`);
  await page.getByTestId("contacts-count").getByText(/contacts/).waitFor();
  await shoot("n01-contacts");

  await page.getByRole("button", { name: /^Statut/ }).click();
  await shoot("n02-status-filter", false);
  await page.getByRole("checkbox", { name: "Engagé" }).check();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Étiquettes/ }).click();
  await page.getByRole("checkbox", { name: "Lyon" }).waitFor();
  await shoot("n03-tag-filter", false);
  await page.getByRole("checkbox", { name: "Lyon" }).check();
  await page.keyboard.press("Escape");
  await shoot("n04-filtered");
  await page.getByRole("button", { name: "Effacer les filtres" }).first().click();

  const firstActions = page.getByRole("button", { name: /^Actions pour/ }).first();
  await firstActions.click();
  await shoot("n05-row-actions", false);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Créer" }).click();
  await shoot("n06-add-menu", false);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
  await page.getByRole("dialog").waitFor();
  await shoot("n07-contact-modal", false);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Créer le contact|Continuer/ }).click();
  await shoot("n08-contact-modal-errors", false);
  await dialog.getByLabel("Prénom").fill("Capture");
  await dialog.getByRole("textbox", { name: /^Nom/ }).fill(`d'Essai ${width}`);
  await dialog.getByLabel("E-mail").fill(`capture${width}@exemple.fr`);
  await dialog.getByLabel("Intermédiaire").click();
  await shoot("n09-intermediary-picker", false);
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await shoot("n10-first-task", false);
  await dialog.getByRole("button", { name: "Créer le contact et la tâche" }).click();
  await page.getByTestId("toast").first().waitFor();
  await shoot("n11-created-toast", false);

  await page.getByRole("button", { name: "Importer" }).first().click();
  await page.getByText("Où trouver mon fichier").waitFor();
  await shoot("n12-import-picker", false);
  await page.getByTestId("import-file").setInputFiles(linkedin);
  await shoot("n13-import-loading", false);
  await page.getByRole("button", { name: "Tout sélectionner" }).waitFor();
  await shoot("n14-import-list", false);
  await page.getByRole("button", { name: "Tout sélectionner" }).click();
  await page.getByLabel("Rechercher dans la liste").fill("zzz");
  await shoot("n15-import-nomatch", false);
  await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();

  await page.getByRole("link", { name: /BERNARD Claire/ }).first().click();
  await page.getByTestId("contact-added").waitFor();
  await shoot("n16-details");
  await page.getByRole("button", { name: "Modifier" }).first().click();
  await page.getByRole("dialog").getByLabel("Prénom").waitFor();
  await shoot("n17-edit-modal", false);
  await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
  await page.getByRole("button", { name: /^Actions pour/ }).click();
  await shoot("n18-details-actions", false);
  await page.keyboard.press("Escape");

  await page.goto(`${base}/contact/00000000-0000-4000-8000-000000000000`);
  await page.getByText("Contact introuvable").waitFor();
  await shoot("n19-not-found");
  await ctx.clearCookies();

  await login(page, "expire@demo.tremplin.fr");
  await page.goto(`${base}/contacts`);
  await page.getByTestId("contacts-count").getByText(/contacts/).waitFor();
  await shoot("n20-contacts-not-premium");
  await ctx.close();
}
await browser.close();
console.log("done");
