// The network screens of issue 4 against the real server, at 1280 px (table) and 375 px
// (cards). Tests that change data create their own contacts, named after a random token, so
// they can run in parallel on the shared demo accounts; tests that read the demo network only
// rely on contacts no test changes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { DEMO } from "./env";
import { contactIdsNamed, expect, login, nbsp, rpc, test, token, toast, createContactByApi } from "./fixtures";
import { viewports } from "./screens";

const LINKEDIN = resolve(import.meta.dirname, "../../internal/contactcsv/testdata/linkedin_connections.csv");
const IPHONE = resolve(import.meta.dirname, "../../internal/contactvcard/testdata/ios_contacts.vcf");
const EXPORT_HEADER = "First Name,Last Name,Notes,E-mail Address,Business Phone,Mobile Phone,Company,Job Title,Gender";
const NOT_DELETABLE = "La suppression n'est pas possible pour un contact en cours ou clôturé";
const NOT_DELETABLE_LINKED = "La suppression n'est pas possible pour un contact lié à des activités ou à une opportunité";

/** Deletes these people from the signed-in network, where an earlier try of a test imported them
 * (its retry must find them new in the file again). */
async function forget(page: Page, people: [first: string, last: string][]): Promise<void> {
  for (const [first, last] of people) {
    for (const id of await contactIdsNamed(page, first, last)) await rpc(page, "/tremplin.network.v1.NetworkService/DeleteContact", { id });
  }
}

for (const vp of viewports) {
  test.describe(`network at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    /** One contact of the list: a table row on desktop, a card on mobile. */
    const item = (page: Page, name: string | RegExp) =>
      page.getByTestId(vp.mobile ? "contact-card" : "contact-row").filter({ has: page.getByRole("link", { name }) });
    const items = (page: Page) => page.getByTestId(vp.mobile ? "contact-card" : "contact-row");
    const search = (page: Page) => page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" });

    async function openContacts(page: Page, email: string = DEMO.candidate) {
      await login(page, email);
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await expect(page.getByTestId("contacts-count")).toHaveText(/\d+\u00a0contacts/);
    }

    test("create a contact with its first task, then an incomplete one with the notice", async ({ page }) => {
      const t = token();
      await openContacts(page);
      await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau contact" });
      await dialog.getByRole("textbox", { name: /^Prénom/ }).fill("Anne");
      await dialog.getByRole("textbox", { name: /^Nom/ }).fill(`le gall ${t}`);
      await expect(dialog.getByRole("textbox", { name: /^Nom/ })).toHaveValue(`LE GALL ${t.toUpperCase()}`);
      await expect(dialog.getByTestId("status-preview")).toContainText("Incomplet");
      await dialog.getByRole("textbox", { name: "E-mail" }).fill(`anne.${t}@exemple.fr`);
      await expect(dialog.getByTestId("status-preview")).toContainText("Nouveau");
      await dialog.getByRole("button", { name: "Continuer" }).click();
      // The first task: subject first contact and priority normal by default.
      await expect(dialog.getByText(/Étape 2 sur 2/)).toBeVisible();
      await expect(dialog.getByRole("combobox", { name: /^Sujet/ })).toHaveText("Premier contact");
      await expect(dialog.getByRole("combobox", { name: /^Priorité/ })).toHaveText("Normale");
      await expect(dialog.getByRole("combobox", { name: /^Moyen de contact/ })).toHaveText("E-mail");
      // The deadline: today by default, shown as dd/MM/yyyy; a day in the past is refused.
      const today = new Date();
      const day = dialog.getByRole("spinbutton", { name: "Jour" });
      const month = dialog.getByRole("spinbutton", { name: "Mois" });
      const year = dialog.getByRole("spinbutton", { name: "Année" });
      await expect(day).toHaveText(String(today.getDate()).padStart(2, "0"));
      await expect(month).toHaveText(String(today.getMonth() + 1).padStart(2, "0"));
      await expect(year).toHaveText(String(today.getFullYear()));
      await year.click();
      await page.keyboard.press("ArrowDown");
      await expect(year).toHaveText(String(today.getFullYear() - 1));
      await dialog.getByRole("button", { name: "Créer le contact et la tâche" }).click();
      await expect(dialog.getByText("L'échéance ne peut pas être antérieure à aujourd'hui")).toBeVisible();
      await year.click();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(year).toHaveText(String(today.getFullYear() + 1));
      await expect(dialog.getByText("L'échéance ne peut pas être antérieure à aujourd'hui")).toBeHidden();
      await dialog.getByRole("button", { name: "Créer le contact et la tâche" }).click();
      await expect(toast(page, "Le contact et sa première tâche ont été créés")).toBeVisible();
      await expect(dialog).toBeHidden();

      await search(page).fill(t);
      const created = item(page, new RegExp(`LE GALL ${t.toUpperCase()} Anne`));
      await expect(created).toHaveCount(1);
      await expect(created.getByText("Nouveau")).toBeVisible();
      await expect(created.getByTestId("contact-rank")).toHaveText("1 — Vous");
      // The task was saved with it: the contact now has an activity and cannot be deleted.
      await created.getByRole("button", { name: /^Actions pour/ }).click();
      await expect(page.getByRole("menuitem", { name: "Supprimer" })).toBeDisabled();
      await expect(page.getByTestId("delete-disabled-reason")).toHaveText(NOT_DELETABLE_LINKED);
      await page.keyboard.press("Escape");

      // An incomplete contact: the information notice.
      await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
      await dialog.getByRole("textbox", { name: /^Prénom/ }).fill("Karim");
      await dialog.getByRole("textbox", { name: /^Nom/ }).fill(`Haddad ${t}`);
      await dialog.getByRole("button", { name: "Créer le contact" }).click();
      const notice = page.getByRole("dialog", { name: "Contact incomplet" });
      await expect(notice).toContainText("Incomplet");
      await notice.getByRole("button", { name: "J'ai compris" }).click();
      await expect(notice).toBeHidden();
      const incomplete = item(page, new RegExp(`HADDAD ${t.toUpperCase()} Karim`));
      await expect(incomplete.getByText("Incomplet")).toBeVisible();
    });

    test("edit and re-parent a contact: ranks update in the list", async ({ page }) => {
      const t = token();
      await openContacts(page);
      const alpha = await createContactByApi(page, { firstName: "Alma", lastName: `Alpha ${t}`, email: `alma.${t}@exemple.fr` });
      await createContactByApi(page, { firstName: "Bruno", lastName: `Beta ${t}`, email: `bruno.${t}@exemple.fr`, parentId: alpha.id });
      await page.reload();
      await search(page).fill(t);
      await expect(items(page)).toHaveCount(2);
      const T = t.toUpperCase();
      await expect(item(page, `ALPHA ${T} Alma`).getByTestId("contact-rank")).toHaveText("1 — Vous");
      await expect(item(page, `BETA ${T} Bruno`).getByTestId("contact-rank")).toHaveText(`2 — via Alma ALPHA ${T}`);

      await item(page, `ALPHA ${T} Alma`).getByRole("button", { name: /^Actions pour/ }).click();
      await page.getByRole("menuitem", { name: "Modifier" }).click();
      const dialog = page.getByRole("dialog", { name: "Modifier le contact" });
      await expect(dialog.getByRole("textbox", { name: /^Prénom/ })).toHaveValue("Alma");
      await dialog.getByRole("textbox", { name: "Poste" }).fill("Directrice commerciale");
      await dialog.getByRole("textbox", { name: "Notes" }).fill("Rencontrée au salon de Lyon.");
      await dialog.getByRole("button", { name: "Ajouter une ressource" }).click();
      await dialog.getByRole("textbox", { name: "Libellé" }).fill("Profil LinkedIn");
      await dialog.getByRole("textbox", { name: "Adresse (URL)" }).fill("www.linkedin.com/in/alma");
      // The picker leaves out the contact itself and the contacts it introduced.
      const picker = dialog.getByRole("combobox", { name: "Intermédiaire" });
      await picker.click();
      await picker.fill(t);
      await expect(page.getByRole("option")).toHaveCount(0);
      await picker.fill("Claire Bern");
      await page.getByRole("option", { name: /Claire BERNARD/ }).click();
      await dialog.getByRole("button", { name: "Enregistrer" }).click();
      await expect(toast(page, "Le contact a été modifié")).toBeVisible();
      await expect(dialog).toBeHidden();

      await expect(item(page, `ALPHA ${T} Alma`).getByTestId("contact-rank")).toHaveText("2 — via Claire BERNARD");
      await expect(item(page, `BETA ${T} Bruno`).getByTestId("contact-rank")).toHaveText(`3 — via Alma ALPHA ${T}`);
      await expect(item(page, `ALPHA ${T} Alma`)).toContainText("Directrice commerciale");

      // The details page: notes, and the resource opening in a new tab.
      await item(page, `ALPHA ${T} Alma`).getByRole("link", { name: `ALPHA ${T} Alma` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Alma ALPHA ${T}` })).toBeVisible();
      await expect(page.getByTestId("details-rank")).toHaveText("2 — via Claire BERNARD");
      await expect(page.getByText("Rencontrée au salon de Lyon.")).toBeVisible();
      const resource = page.getByRole("link", { name: /Profil LinkedIn/ });
      await expect(resource).toHaveAttribute("href", "https://www.linkedin.com/in/alma");
      await expect(resource).toHaveAttribute("target", "_blank");
      await expect(page.getByRole("region", { name: "Contacts recommandés" }).getByRole("link", { name: `Bruno BETA ${T}` })).toBeVisible();
    });

    test("search, status and tag filters; a tag link on the details page prefills the tag filter", async ({ page }) => {
      await openContacts(page);
      await search(page).fill("michelin");
      await expect(items(page)).toHaveCount(2);
      await expect(item(page, "MOREAU Julien")).toBeVisible();
      await expect(item(page, "LEMOINE Sarah")).toBeVisible();
      await search(page).fill("");

      await page.getByRole("button", { name: /^Statut/ }).click();
      await page.getByRole("checkbox", { name: "Engagé" }).check();
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /^Étiquettes/ }).click();
      // The tag filter lists the candidate's tags, the first 5 in one column.
      await expect(page.getByRole("group", { name: "Étiquettes" }).getByRole("checkbox")).toHaveCount(7);
      await page.getByRole("checkbox", { name: "Industrie" }).check();
      await page.keyboard.press("Escape");
      await expect(items(page)).toHaveCount(2);
      await expect(item(page, "DUBOIS Léa")).toBeVisible();
      await expect(item(page, "COLIN Aurélie")).toBeVisible();
      await page.getByRole("button", { name: "Effacer les filtres" }).click();
      await expect(page.getByTestId("active-filters")).toBeHidden();

      // Details page: a tag leads to the list filtered by that tag.
      await search(page).fill("bernard claire");
      await item(page, "BERNARD Claire").getByRole("link", { name: "BERNARD Claire" }).click();
      await expect(page).toHaveURL(/\/contact\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Claire BERNARD" })).toBeVisible();
      await expect(page.getByTestId("contact-added")).toHaveText(/^Ajouté le \d{2}\/\d{2}\/\d{4}$/);
      await expect(page.getByTestId("details-rank")).toHaveText("1 — Vous");
      await expect(page.getByText("Aucune activité en cours avec ce contact.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Contacts recommandés" }).getByRole("link", { name: "Hélène GIRARD" })).toBeVisible();
      await page.getByRole("link", { name: "Banque" }).click();
      await expect(page).toHaveURL(/\/contacts$/);
      await expect(page.getByTestId("active-filters")).toContainText("Banque");
      await expect(items(page)).toHaveCount(11);
      await expect(page.getByRole("button", { name: /^Étiquettes/ })).toContainText("1");
    });

    test("import a LinkedIn export: select, unselect, search, confirm", async ({ page }) => {
      // Each width imports into its own premium account: an imported contact is skipped the next time.
      await openContacts(page, vp.mobile ? DEMO.trial : DEMO.candidate);
      await forget(page, [["Éric", "LEFÈVRE"], ["Sean", "O'NEIL"]]);
      await page.getByRole("button", { name: "Importer" }).click();
      const dialog = page.getByRole("dialog", { name: "Importer des contacts" });
      await expect(dialog.getByText("Où trouver mon fichier")).toBeVisible();
      await dialog.getByTestId("import-file").setInputFiles(LINKEDIN);
      await expect(dialog.getByText("Lecture du fichier…")).toBeVisible();
      // Zoë Nguyễn is already in the demo network (Zoé NGUYEN): 4 new contacts out of 5.
      await expect(dialog.getByText("4 nouveaux contacts trouvés")).toBeVisible();
      // One row of the export has no name; Zoë is in the network already, and the file knows
      // more about her: offered to complete her, not counted as left out.
      await expect(dialog.getByTestId("import-skipped")).toHaveText(`1${nbsp}ligne ignorée${nbsp}: 1 sans nom`);
      await expect(dialog.getByTestId("import-completions")).toContainText("1 contact de votre réseau que ce fichier complète");
      await expect(dialog.getByRole("checkbox", { name: "Compléter Zoé NGUYEN" })).not.toBeChecked();
      const confirm = dialog.getByRole("button", { name: /^Importer/ });
      await expect(confirm).toBeDisabled();
      await dialog.getByRole("button", { name: "Tout sélectionner" }).click();
      await expect(dialog.getByTestId("import-selected")).toHaveText("4 sur 4 sélectionnés");
      await expect(confirm).toHaveText(`Importer 4${nbsp}contacts`);
      await dialog.getByRole("button", { name: "Tout désélectionner" }).click();
      await expect(confirm).toBeDisabled();

      const filter = dialog.getByRole("textbox", { name: "Rechercher dans la liste" });
      await filter.fill("lefevre");
      await expect(dialog.getByRole("list", { name: "Importer des contacts" }).getByRole("checkbox")).toHaveCount(1);
      await dialog.getByRole("checkbox", { name: "Éric LEFÈVRE" }).check();
      await filter.fill("introuvable");
      await expect(dialog.getByText("Pas de contact correspondant au critère")).toBeVisible();
      await filter.fill("");
      await dialog.getByRole("checkbox", { name: "Sean O'NEIL" }).check();
      await expect(dialog.getByTestId("import-selected")).toHaveText("2 sur 4 sélectionnés");
      await confirm.click();
      await expect(toast(page, `2${nbsp}contacts ont été importés`)).toBeVisible();
      await expect(dialog).toBeHidden();

      await search(page).fill("o'neil sean");
      await expect(item(page, "O'NEIL Sean")).toContainText("Acme, Inc.");
      await search(page).fill("lefèvre éric");
      await expect(item(page, "LEFÈVRE Éric")).toBeVisible();
    });

    test("export downloads the network as a CSV file for a spreadsheet, or as vCards for a phone", async ({ page }) => {
      await openContacts(page);
      let download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Exporter" }).click();
      await page.getByRole("menuitem", { name: /^Tableur/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^contacts-tremplin-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync(await file.path(), "utf8").replace(/^\ufeff/, "");
      expect(text.split(/\r?\n/)[0]).toBe(EXPORT_HEADER);
      expect(text).toContain("Claire,BERNARD");

      download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Exporter" }).click();
      await page.getByRole("menuitem", { name: /^Téléphone/ }).click();
      const cards = await download;
      expect(cards.suggestedFilename()).toMatch(/^contacts-tremplin-\d{4}-\d{2}-\d{2}\.vcf$/);
      const vcf = readFileSync(await cards.path(), "utf8");
      expect(vcf.startsWith("BEGIN:VCARD\r\nVERSION:4.0\r\n")).toBe(true);
      expect(vcf).toContain("\r\nFN:Claire BERNARD\r\n");
      expect(vcf).toContain("\r\nORG:BNP Paribas\r\n");
    });

    test("import a phone's contacts (.vcf), then download one contact's card from their page", async ({ page }) => {
      // The iPhone's file, its new person renamed for this run; Claire BERNARD is in the demo
      // network already, and one card has only a number.
      const t = token();
      const file = readFileSync(IPHONE, "utf8").replaceAll("de La Tour", `de La Tour ${t}`);
      await openContacts(page, vp.mobile ? DEMO.trial : DEMO.candidate);
      await page.getByRole("button", { name: "Importer" }).click();
      const dialog = page.getByRole("dialog", { name: "Importer des contacts" });
      await dialog.getByTestId("import-file").setInputFiles({ name: "Tous les contacts.vcf", mimeType: "text/vcard", buffer: Buffer.from(file) });
      await expect(dialog.getByText("1 nouveau contact trouvé")).toBeVisible();
      await expect(dialog.getByTestId("import-skipped")).toHaveText(`1${nbsp}ligne ignorée${nbsp}: 1 sans nom`);
      // Claire's card knows her landline and notes: offered to complete her (left unticked).
      await expect(dialog.getByTestId("import-completions")).toContainText(/Claire BERNARD\s*Ajoute\u00a0: téléphone, notes, liens/);
      await dialog.getByRole("button", { name: "Tout sélectionner" }).click();
      await dialog.getByRole("button", { name: /^Importer/ }).click();
      await expect(toast(page, `1${nbsp}contact a été importé`)).toBeVisible();

      const name = `DE LA TOUR ${t.toUpperCase()} Marie-Hélène`;
      await search(page).fill(t);
      await item(page, name).getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Marie-Hélène DE LA TOUR ${t.toUpperCase()}` })).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: /^Actions pour/ }).click();
      await page.getByRole("menuitem", { name: "Exporter la fiche (.vcf)" }).click();
      const card = await download;
      expect(card.suggestedFilename()).toBe(`marie-helene-de-la-tour-${t}.vcf`);
      const vcf = readFileSync(await card.path(), "utf8");
      expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(1);
      expect(vcf).toContain(`\r\nN:DE LA TOUR ${t.toUpperCase()};Marie-Hélène;;;\r\n`);
      expect(vcf).toContain("\r\nGENDER:F\r\n");
      expect(vcf).toContain("\r\nTEL;TYPE=cell:07 61 23 45 67\r\n");
    });

    test("delete rules: a new contact without activity is deleted, an engaged one cannot be", async ({ page }) => {
      const t = token();
      await openContacts(page);
      await createContactByApi(page, { firstName: "Denis", lastName: `Delta ${t}`, email: `denis.${t}@exemple.fr` });
      await page.reload();

      // Engaged (an activity was completed with her): delete disabled, with the reason.
      await search(page).fill("dubois lea");
      await item(page, "DUBOIS Léa").getByRole("button", { name: "Actions pour Léa DUBOIS" }).click();
      await expect(page.getByRole("menuitem", { name: "Supprimer" })).toBeDisabled();
      await expect(page.getByTestId("delete-disabled-reason")).toHaveText(NOT_DELETABLE);
      await page.keyboard.press("Escape");

      await search(page).fill(t);
      const mine = item(page, `DELTA ${t.toUpperCase()} Denis`);
      await mine.getByRole("button", { name: /^Actions pour/ }).click();
      await page.getByRole("menuitem", { name: "Supprimer" }).click();
      const confirm = page.getByRole("dialog", { name: `Supprimer ce contact${nbsp}?` });
      await confirm.getByRole("button", { name: "Supprimer" }).click();
      await expect(toast(page, "Le contact a été supprimé")).toBeVisible();
      await expect(mine).toHaveCount(0);
      await expect(page.getByText("Aucun contact ne correspond")).toBeVisible();
    });

    test("non-subscribers go to the subscription page from search, filters, tag filter and import", async ({ page }) => {
      await openContacts(page, DEMO.trialOver);
      await expect(page.getByTestId("premium-badge").first()).toBeVisible();
      const back = async () => {
        await expect(page).toHaveURL(/\/ask-subscription$/);
        await page.goBack();
        await expect(page.getByTestId("contacts-count")).toHaveText(`6${nbsp}contacts`);
      };
      await search(page).click();
      await back();
      await page.getByRole("button", { name: /^Statut/ }).click();
      await back();
      await page.getByRole("button", { name: /^Étiquettes/ }).click();
      await back();
      await page.getByRole("button", { name: /^Importer/ }).click();
      await expect(page).toHaveURL(/\/ask-subscription$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("an unknown or foreign contact shows « Contact introuvable » with a way back", async ({ page }) => {
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto("/contact/00000000-0000-4000-8000-000000000000");
      await expect(page.getByRole("heading", { level: 1, name: "Contact introuvable" })).toBeVisible();
      await page.getByRole("link", { name: "Retour à mon réseau" }).click();
      await expect(page).toHaveURL(/\/contacts$/);
    });
  });
}
