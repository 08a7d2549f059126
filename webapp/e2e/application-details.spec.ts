// The application modals and /application/{id} (issue 11) against the real server, at 1280 px
// and 375 px: create a contact, create an application with that contact through the modal (the
// first-task prompt opens locked to it), find it from the contact's page, edit it, plan an
// interview from it, associate a known contact from « Qui je connais là-bas ? », mark it as won
// with a report, and check that it is final. Each test makes its own names (a random token), so
// the widths run in parallel on the demo candidate.
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { choose, expect, login, shotInto, test, token, toast, createContactByApi } from "./fixtures";
import { viewports } from "./screens";

for (const vp of viewports) {
  test.describe(`application details at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    test.describe.configure({ timeout: 180_000 });
    const tag = vp.width;

    test("create with a contact, find it from the contact, edit, plan an interview, associate a known contact, win it: final", async ({ page }) => {
      const t = token();
      const T = t.toUpperCase();
      const company = `Horizon ${T}`;
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);

      // A contact, through the contact modal (its first task skipped).
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
      const contactDialog = page.getByRole("dialog", { name: "Nouveau contact" });
      await contactDialog.getByRole("textbox", { name: /^Prénom/ }).fill("Nina");
      await contactDialog.getByRole("textbox", { name: /^Nom/ }).fill(`Prisme ${t}`);
      await contactDialog.getByRole("textbox", { name: "E-mail" }).fill(`nina.${t}@exemple.fr`);
      await contactDialog.getByRole("textbox", { name: "Entreprise" }).fill(`${company} SAS`);
      await contactDialog.getByRole("button", { name: "Continuer" }).click();
      await contactDialog.getByRole("button", { name: "Ignorer" }).click();
      await expect(contactDialog).toBeHidden();
      // Someone Nina introduced, at the same company written another way (« Qui je connais là-bas ? »).
      const contacts = await page.request.post("/tremplin.network.v1.NetworkService/ListContacts", {
        data: { search: t },
        headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
      });
      const nina = ((await contacts.json()) as { contacts: { id: string; lastName: string }[] }).contacts.find((c) => c.lastName === `PRISME ${T}`);
      expect(nina).toBeTruthy();
      await createContactByApi(page, { firstName: "Paul", lastName: `Relais ${t}`, email: `paul.${t}@exemple.fr`, company: `horizon ${t} sa`, job: "Directeur technique", parentId: nina!.id });

      // The application modal, from /applications.
      await page.goto("/applications");
      await page.getByRole("button", { name: "Ajouter une candidature" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouvelle candidature" });
      await expect(dialog.getByRole("textbox", { name: /^Entreprise/ })).toBeVisible();
      // Empty: company, job and source are required, in French, on submit.
      await dialog.getByRole("button", { name: "Créer la candidature" }).click();
      await expect(dialog.getByText("Ce champ est obligatoire")).toHaveCount(3);
      await expect(dialog.getByRole("textbox", { name: /^Entreprise/ })).toBeFocused();
      await dialog.getByRole("textbox", { name: /^Entreprise/ }).fill(company);
      await dialog.getByRole("textbox", { name: /^Poste/ }).fill("Chef de projet");
      await dialog.getByRole("textbox", { name: "Lieu" }).fill("Nantes");
      await dialog.getByRole("textbox", { name: "Salaire ou TJM" }).fill("50 k€");
      await choose(page, dialog, /^Source/, "Site d'emploi");
      await dialog.getByRole("textbox", { name: "Référence de l'offre" }).fill("REF-42");
      // The source « Mon réseau » clears and hides the reference.
      await choose(page, dialog, /^Source/, "Mon réseau");
      await expect(dialog.getByRole("textbox", { name: "Référence de l'offre" })).toHaveCount(0);
      await expect(dialog.getByTestId("reference-hidden")).toBeVisible();
      await choose(page, dialog, /^Source/, "Site d'emploi");
      await expect(dialog.getByRole("textbox", { name: "Référence de l'offre" })).toHaveValue("");
      await choose(page, dialog, /^Source/, "Mon réseau");
      await dialog.getByRole("textbox", { name: "Précisions sur la source" }).fill("Proposé par Nina");
      await expect(dialog.getByText("Ce champ est obligatoire")).toHaveCount(0);
      // The publication date, typed day by day (dd/MM/yyyy whatever the browser); the year last,
      // below: a date half typed is said wrong, not saved as no date.
      const published = dialog.getByRole("group", { name: "Date de publication" });
      await published.getByRole("spinbutton", { name: "Jour" }).click();
      await page.keyboard.type("1503");
      // The candidate's own contacts, searchable.
      await dialog.getByRole("combobox", { name: "Contacts associés" }).fill(t);
      await page.getByRole("option", { name: new RegExp(`Nina PRISME ${T}`) }).click();
      await expect(page.locator('ul[role="listbox"]')).toHaveCount(0);
      await expect(dialog.getByRole("button", { name: new RegExp(`Nina PRISME ${T}`) })).toBeVisible();
      // Links: a web address opens; a mail address is shown, not linked.
      await dialog.getByRole("button", { name: "Ajouter un lien" }).click();
      await dialog.getByRole("textbox", { name: "Libellé" }).nth(0).fill("L'offre");
      await dialog.getByRole("textbox", { name: "Adresse (URL)" }).nth(0).fill("https://exemple.fr/offre-42");
      await dialog.getByRole("button", { name: "Ajouter un lien" }).click();
      await dialog.getByRole("textbox", { name: "Libellé" }).nth(1).fill("Les RH");
      await dialog.getByRole("textbox", { name: "Adresse (URL)" }).nth(1).fill("mailto:rh@exemple.fr");
      await dialog.getByRole("textbox", { name: "Description du poste" }).fill("Piloter la refonte du site.");
      await dialog.getByRole("button", { name: "Créer la candidature" }).click();
      await expect(dialog.getByText("Le format de la date est incorrect")).toBeVisible();
      await published.getByRole("spinbutton", { name: "Année" }).click();
      await page.keyboard.type("2026");
      await expect(dialog.getByText("Le format de la date est incorrect")).toHaveCount(0);
      await shotInto(page, `application-modal-${tag}`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Créer la candidature" }).click();
      await expect(toast(page, "Candidature créée")).toBeVisible();

      // The first-task prompt, locked to the new application, subject « Envoi de candidature ».
      const prompt = page.getByRole("dialog", { name: "Et la suite ?" });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByRole("combobox", { name: /^Opportunité/ })).toHaveAttribute("aria-disabled", "true");
      await expect(prompt.getByRole("combobox", { name: /^Opportunité/ })).toHaveText(`Chef de projet — ${company}`);
      await expect(prompt.getByRole("combobox", { name: /^Sujet/ })).toHaveText("Envoi de candidature");
      await expect(prompt.getByRole("combobox", { name: /^Priorité/ })).toHaveText("Normale");
      await expect(prompt.getByRole("button", { name: "Ignorer" })).toBeVisible();
      await prompt.getByRole("combobox", { name: /^Contact/ }).click();
      await page.getByRole("option", { name: new RegExp(`Nina PRISME ${T}`) }).click();
      await choose(page, prompt, /^Moyen de contact/, "E-mail");
      await shotInto(page, `application-first-task-${tag}`);
      await expectAccessible(page);
      await prompt.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Tâche créée")).toBeVisible();
      await expect(prompt).toBeHidden();

      // Found from the contact's page: the linked applications, a link to the application.
      await page.goto("/contacts");
      await page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }).fill(t);
      await page.getByRole("main").getByRole("link", { name: new RegExp(`PRISME ${T}`) }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(`PRISME ${T}`) })).toBeVisible();
      const linked = page.getByTestId("contact-applications");
      await expect(linked).toContainText(company);
      await expect(linked).toContainText("Chef de projet");
      // The shortened table has no source columns.
      if (vp.width >= 1280) {
        await expect(linked.getByRole("columnheader")).toHaveText(["Action", "Candidature", "Référence", "Salaire", "Publiée le", "Lieu", "Statut"]);
      }
      await shotInto(page, `contact-applications-${tag}`);
      await expectAccessible(page);
      await linked.getByRole("link", { name: company, exact: true }).click();

      // The details page.
      await expect(page).toHaveURL(/\/application\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Opportunités" })).toHaveAttribute("href", "/applications");
      await expect(page.getByTestId("application-status").first()).toHaveText("Nouvelle");
      await expect(page.getByTestId("application-job")).toHaveText("Chef de projet");
      const info = page.getByRole("region", { name: "Informations" });
      await expect(info).toContainText("Mon réseau");
      await expect(info).toContainText("Proposé par Nina");
      await expect(info).toContainText("50 k€");
      await expect(info).toContainText("Nantes");
      await expect(info).toContainText("15/03/2026");
      const offer = info.getByRole("link", { name: /L'offre/ });
      await expect(offer).toHaveAttribute("href", "https://exemple.fr/offre-42");
      await expect(offer).toHaveAttribute("target", "_blank");
      await expect(offer).toHaveAttribute("rel", "noopener noreferrer");
      await expect(info.getByText("Les RH")).toBeVisible();
      await expect(info.getByRole("link", { name: /Les RH/ })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Description" })).toContainText("Piloter la refonte du site.");
      await expect(page.getByRole("region", { name: "Contacts associés" }).getByRole("link", { name: `Nina PRISME ${T}` })).toHaveAttribute("href", /\/contact\//);
      const activities = page.getByRole("region", { name: "Activités" });
      await expect(activities.getByTestId("activities-inProgress")).toContainText("Envoi de candidature");
      await shotInto(page, `application-details-${tag}`);
      await expectAccessible(page);

      // Edit.
      await page.getByRole("button", { name: "Modifier" }).click();
      const edit = page.getByRole("dialog", { name: "Modifier la candidature" });
      await expect(edit.getByRole("textbox", { name: /^Poste/ })).toHaveValue("Chef de projet");
      await expect(edit.getByRole("button", { name: new RegExp(`Nina PRISME ${T}`) })).toBeVisible();
      await edit.getByRole("textbox", { name: /^Poste/ }).fill("Cheffe de projet senior");
      await expectAccessible(page);
      await edit.getByRole("button", { name: "Enregistrer" }).click();
      await expect(toast(page, "Candidature modifiée")).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(page.getByTestId("application-job")).toHaveText("Cheffe de projet senior");

      // Plan an interview from it: the application is locked in the event form.
      await activities.getByRole("button", { name: "Ajouter un entretien" }).click();
      const event = page.getByRole("dialog", { name: "Nouveau rendez-vous" });
      await expect(event.getByRole("combobox", { name: /^Opportunité/ })).toHaveAttribute("aria-disabled", "true");
      await choose(page, event, /^Sujet/, "Entretien de recrutement");
      await choose(page, event, /^Moyen de contact/, "Visioconférence");
      await event.getByRole("textbox", { name: /^Adresse ou lien/ }).fill("https://visio.exemple.fr/horizon");
      // A year from now: the default (the next quarter hour) may have passed by the time « Créer »
      // is pressed, and an event created in the past asks for its report instead.
      await event.getByRole("spinbutton", { name: "Année" }).click();
      await page.keyboard.press("ArrowUp");
      await event.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Rendez-vous créé")).toBeVisible();
      await expect(event).toBeHidden();
      await expect(activities.getByTestId("activities-inProgress")).toContainText("Entretien de recrutement");

      // « Qui je connais là-bas ? »: Nina (associated) and Paul, through Nina, at « horizon … sa ».
      const known = page.getByRole("region", { name: "Qui je connais là-bas ?" });
      const paul = known.getByTestId("known-contact").filter({ hasText: `Paul RELAIS ${T}` });
      await expect(paul).toContainText("Rang 2");
      await expect(paul).toContainText("Directeur technique");
      await expect(paul.getByTestId("known-chain")).toHaveText(`via Nina PRISME ${T}`);
      const ninaLine = known.getByTestId("known-contact").filter({ hasText: `Nina PRISME ${T}` });
      await expect(ninaLine.getByTestId("known-associated")).toBeVisible();
      await paul.getByRole("button", { name: `Associer Paul RELAIS ${T} à la candidature` }).click();
      await expect(toast(page, `Paul RELAIS ${T} est maintenant associé à cette candidature`)).toBeVisible();
      await expect(paul.getByTestId("known-associated")).toBeVisible();
      await expect(page.getByRole("region", { name: "Contacts associés" }).getByRole("link", { name: `Paul RELAIS ${T}` })).toBeVisible();
      await expectAccessible(page);

      // Mark as won, with a report.
      await page.getByRole("button", { name: "Marquer comme terminée" }).click();
      const report = page.getByRole("dialog", { name: "Clôturer la candidature" });
      await report.getByRole("button", { name: "Clôturer la candidature" }).click();
      await expect(report.getByText("Ce champ est obligatoire")).toBeVisible();
      await report.getByRole("radio", { name: /Gagnée/ }).check();
      await expect(report.getByText("Ce champ est obligatoire")).toHaveCount(0);
      await report.getByRole("textbox", { name: "Commentaire" }).fill("Offre acceptée, début en janvier.");
      await shotInto(page, `application-report-${tag}`);
      await expectAccessible(page);
      await report.getByRole("button", { name: "Clôturer la candidature" }).click();
      await expect(toast(page, "Candidature clôturée")).toBeVisible();
      await expect(report).toBeHidden();

      // Final: the report block, no edit, no completion, no new activity, no association.
      const block = page.getByTestId("application-report");
      await expect(block.getByTestId("report-outcome")).toHaveText("Candidature gagnée");
      await expect(block.getByTestId("report-comment")).toHaveText("Offre acceptée, début en janvier.");
      await expect(page.getByTestId("application-status").first()).toHaveText("Gagnée");
      await expect(page.getByTestId("application-final")).toBeVisible();
      await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Marquer comme terminée" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Ajouter une tâche" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Ajouter un entretien" })).toHaveCount(0);
      await expect(known.getByRole("button", { name: /^Associer/ })).toHaveCount(0);
      await shotInto(page, `application-won-${tag}`);
      await expectAccessible(page);
      // Still final after a reload (the server says so, not only the page).
      await page.reload();
      await expect(page.getByTestId("application-report")).toBeVisible();
      await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(0);
    });

    test("an unknown application is the not-found state", async ({ page }) => {
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto("/application/00000000-0000-4000-8000-000000000000");
      await expect(page.getByRole("heading", { level: 1, name: "Candidature introuvable" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Voir mes candidatures" })).toHaveAttribute("href", "/applications");
      await expectAccessible(page);
    });
  });
}
