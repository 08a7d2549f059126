// The activities screens of issue 12 against the real server, at 1280 px and 375 px: plan a
// task for a contact from /activities, complete it with a report, accept the follow-up; the
// contact becomes engaged; an interview planned from an application and completed engages both;
// an event created in the past asks for its report; the detail pages;
// the public unsubscribe page with the morning e-mail's link and with a bad one. Each test
// creates its own contact (a random name), so they run in parallel on the demo accounts.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { expectAccessible } from "./axe";
import { DEMO, ENV, required } from "./env";
import { choose, expect, login, me, shotInto, test, token, toast, createContactByApi } from "./fixtures";
import { viewports } from "./screens";

for (const vp of viewports) {
  test.describe(`activities at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    // Whole journeys, with an accessibility check on every screen and modal on the way.
    test.describe.configure({ timeout: 180_000 });
    const tag = vp.width;

    test("plan a task for a contact, complete it with a report, accept the follow-up; the contact is engaged", async ({ page }) => {
      const t = token();
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      const contact = await createContactByApi(page, { firstName: "Lucie", lastName: `TACHE ${t.toUpperCase()}`, email: `lucie.${t}@exemple.fr` });

      await page.goto("/activities");
      await expect(page.getByRole("heading", { level: 1, name: "Activités" })).toBeVisible();
      await expect(page.getByRole("tab", { name: /^Tâches \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tab", { name: /^Rendez-vous \(\d+\)$/ })).toBeVisible();
      await expect(page.getByTestId("week-range")).toContainText(/du \d{2}\/\d{2} au \d{2}\/\d{2}\/\d{4}/);
      await expect(page.getByRole("region", { name: "Activités par moyen de contact" })).toBeVisible();
      await shotInto(page, `activities-${tag}`);
      await expectAccessible(page);

      await page.getByRole("button", { name: "Ajouter une tâche" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvelle tâche" });
      // Submitting empty: the French required message on the subject.
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(dialog.getByText("Ce champ est obligatoire")).toBeVisible();
      // A non-contact subject hides the contact and media type; a contact subject shows them.
      await choose(page, dialog, /^Sujet/, "Recherches sur internet");
      await expect(dialog.getByText("Ce sujet ne concerne pas de contact.")).toBeVisible();
      await expect(dialog.getByRole("combobox", { name: /^Contact/ })).toHaveCount(0);
      await choose(page, dialog, /^Sujet/, "Envoi de candidature");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(dialog.getByText("Ce champ est obligatoire")).toBeVisible();
      await dialog.getByRole("combobox", { name: /^Contact/ }).fill(t);
      await page.getByRole("option", { name: new RegExp(`Lucie TACHE ${t.toUpperCase()}`, "i") }).click();
      // The media types are the contact's channels: an e-mail, no phones.
      await dialog.getByRole("combobox", { name: /^Moyen de contact/ }).click();
      await expect(page.getByRole("option")).toHaveText(["E-mail", "InMail", "Autre"]);
      await page.getByRole("option", { name: "E-mail" }).click();
      await choose(page, dialog, /^Priorité/, "Urgente");
      await shotInto(page, `task-modal-${tag}`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Tâche créée")).toBeVisible();
      await expect(dialog).toBeHidden();

      // Due today: in this week's list, with the urgent marker.
      const row = page.getByTestId("task-row").filter({ hasText: `TACHE ${t.toUpperCase()}` });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("priority-urgent")).toBeVisible();
      await row.getByRole("button", { name: /^Terminer/ }).click();

      const report = page.getByRole("dialog", { name: "Compte rendu" });
      await report.getByRole("textbox", { name: "Commentaire" }).fill("Relance envoyée, réponse attendue.");
      await shotInto(page, `report-modal-${tag}`);
      await expectAccessible(page);
      await report.getByRole("button", { name: "Terminer l'activité" }).click();
      await expect(toast(page, "Compte rendu ajouté")).toBeVisible();

      // The new-task prompt: prefilled with the contact, locked, cancel labelled « Ignorer ».
      const next = page.getByRole("dialog", { name: "Et maintenant ?" });
      await expect(next).toBeVisible();
      await expect(next.getByRole("button", { name: "Ignorer" })).toBeVisible();
      // The reminder the server planned after sending an application is shown.
      await expect(next.getByTestId("automatic-tasks")).toContainText("Relance de candidature");
      await expect(next.getByRole("combobox", { name: /^Contact/ })).toBeDisabled();
      await expect(next.getByRole("combobox", { name: /^Contact/ })).toHaveValue(new RegExp(`TACHE ${t.toUpperCase()}`));
      await choose(page, next, /^Sujet/, "Demande de retour");
      await choose(page, next, /^Moyen de contact/, "E-mail");
      await shotInto(page, `follow-up-${tag}`);
      await next.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Tâche créée")).toBeVisible();
      await expect(next).toBeHidden();

      // The completed task: mark and struck-through text; the follow-up is in the list.
      const done = page.getByTestId("task-row").filter({ hasText: `TACHE ${t.toUpperCase()}` }).filter({ has: page.getByRole("img", { name: "Terminée" }) });
      await expect(done).toHaveCount(1);
      await page.mouse.move(0, 0); // the pointer may have been left over the row by the closing dialog
      await expect(done.getByRole("link", { name: "Envoi de candidature" })).toHaveCSS("text-decoration-line", "line-through");
      // Under the pointer it stays struck through (hover adds an underline, it must not replace the strike).
      await done.getByRole("link", { name: "Envoi de candidature" }).hover();
      await expect(done.getByRole("link", { name: "Envoi de candidature" })).toHaveCSS("text-decoration-line", /line-through/);
      await expect(page.getByTestId("task-row").filter({ hasText: `TACHE ${t.toUpperCase()}` }).getByRole("link", { name: "Demande de retour" })).toBeVisible();

      // The task's detail page: breadcrumb, report, linked contact.
      await done.getByRole("link", { name: "Envoi de candidature" }).click();
      await expect(page).toHaveURL(/\/task\/[0-9a-f-]+$/);
      await expect(page.getByRole("navigation", { name: "Activités" }).getByRole("link", { name: "Activités" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Compte rendu" })).toContainText("Relance envoyée, réponse attendue.");
      await expect(page.getByRole("button", { name: "Terminer" })).toHaveCount(0);
      // A panel's title keeps its words within its box: its action (« Modifier les informations »)
      // goes beside it or, on a phone, below it — never over it.
      const additional = page.getByRole("region", { name: "Informations complémentaires" });
      await expect(additional.getByRole("button", { name: "Modifier les informations" })).toBeVisible();
      const title = additional.getByRole("heading", { name: "Informations complémentaires" });
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      await shotInto(page, `task-details-${tag}`);
      await expectAccessible(page);

      // The contact is engaged, and its panel lists the task.
      await page.goto(`/contact/${contact.id}`);
      await expect(page.getByText("Engagé").first()).toBeVisible();
    });

    test("plan an interview from an application, complete it; the application and its contact become engaged", async ({ page }) => {
      const t = token();
      const T = t.toUpperCase();
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      // The contact and the application are the setting (their own modals are tested elsewhere).
      const contact = await createContactByApi(page, { firstName: "Inès", lastName: `ENTRETIEN ${T}`, email: `ines.${t}@exemple.fr` });
      const created = await page.request.post("/tremplin.opportunity.v1.OpportunityService/CreateApplication", {
        data: { application: { company: `Atelier ${T}`, job: "Analyste", source: "APPLICATION_SOURCE_JOB_BOARD", contactIds: [contact.id] } },
        headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
      });
      expect(created.status(), await created.text()).toBe(200);
      const application = ((await created.json()) as { application: { id: string } }).application;

      await page.goto(`/application/${application.id}`);
      await expect(page.getByRole("heading", { level: 1, name: `Atelier ${T}` })).toBeVisible();
      await expect(page.getByTestId("application-status").first()).toHaveText("Nouvelle");
      const activities = page.getByRole("region", { name: "Activités" });
      await activities.getByRole("button", { name: "Ajouter un entretien" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouveau rendez-vous" });
      await choose(page, dialog, /^Sujet/, "Entretien de recrutement");
      await dialog.getByRole("combobox", { name: /^Contact/ }).click();
      await page.getByRole("option", { name: new RegExp(`Inès ENTRETIEN ${T}`, "i") }).click();
      await expect(page.locator('ul[role="listbox"]')).toHaveCount(0);
      await choose(page, dialog, /^Moyen de contact/, "Visioconférence");
      await dialog.getByRole("textbox", { name: /^Adresse ou lien/ }).fill("https://visio.exemple.fr/atelier");
      // Last year: the interview has taken place, so it can be reported at once.
      await dialog.getByRole("spinbutton", { name: "Année" }).click();
      await page.keyboard.press("ArrowDown");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Rendez-vous créé")).toBeVisible();

      const report = page.getByRole("dialog", { name: "Ce rendez-vous est déjà passé" });
      await report.getByRole("radio", { name: "Satisfaisant" }).check();
      await report.getByRole("textbox", { name: "Commentaire" }).fill("Bon échange avec l'équipe.");
      await report.getByRole("button", { name: "Terminer l'activité" }).click();
      await expect(toast(page, "Compte rendu ajouté")).toBeVisible();
      // The thank-you task the server plans after an interview is announced with the follow-up.
      const next = page.getByRole("dialog", { name: "Planifier la suite" });
      await expect(next).toBeVisible();
      await next.getByRole("button", { name: "Ignorer" }).click();
      await expect(next).toBeHidden();

      // The application is engaged (its first linked activity is completed), and so is the contact.
      await expect(page.getByTestId("application-status").first()).toHaveText("Engagée");
      // The panel's lists refreshed first (its counts say so): clicked while they were still
      // being refreshed, the tab once stayed unselected in CI (the page laid out anew under the
      // click, most likely). The selection is then checked, not assumed.
      const finished = activities.getByRole("tab", { name: "Terminées (1)" });
      await expect(finished).toBeVisible();
      await finished.click();
      await expect(finished).toHaveAttribute("aria-selected", "true");
      await expect(activities.getByTestId("activities-finished")).toContainText("Entretien de recrutement");
      await page.goto(`/contact/${contact.id}`);
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(`ENTRETIEN ${T}`) })).toBeVisible();
      await expect(page.getByText("Engagé", { exact: true }).first()).toBeVisible();
      await expectAccessible(page);
    });

    test("an event created in the past asks for its report, then offers the follow-up", async ({ page }) => {
      const t = token();
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login$/);
      const contact = await createContactByApi(page, { firstName: "Marc", lastName: `RDV ${t.toUpperCase()}`, mobileNumber: "0612345678" });
      await page.goto(`/contact/${contact.id}`);
      // The contact page's action: a button on desktop, in the actions menu on a phone.
      if (vp.width >= 600) {
        await page.getByRole("button", { name: "Ajouter un entretien" }).click();
      } else {
        await page.getByRole("button", { name: /^Actions pour/ }).first().click();
        await page.getByRole("menuitem", { name: "Ajouter un entretien" }).click();
      }
      const dialog = page.getByRole("dialog", { name: "Nouvel entretien" });
      await expect(dialog.getByRole("combobox", { name: /^Contact/ })).toHaveValue(new RegExp(`RDV ${t.toUpperCase()}`));
      await choose(page, dialog, /^Sujet/, "Café");
      // Media details are asked for face to face and video only.
      await choose(page, dialog, /^Moyen de contact/, "En personne");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(dialog.getByText("Ce champ est obligatoire")).toBeVisible();
      await dialog.getByRole("textbox", { name: /^Adresse ou lien/ }).fill("Café de la Gare, Lyon");
      // A year ago: already past.
      const year = dialog.getByRole("spinbutton", { name: "Année" });
      await year.click();
      await page.keyboard.press("ArrowDown");
      // The day the form holds (the default time may already be tomorrow's first quarter hour).
      const day = `${await year.textContent()}-${await dialog.getByRole("spinbutton", { name: "Mois" }).textContent()}-${await dialog.getByRole("spinbutton", { name: "Jour" }).textContent()}`;
      await shotInto(page, `event-modal-${tag}`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Rendez-vous créé")).toBeVisible();

      const report = page.getByRole("dialog", { name: "Ce rendez-vous est déjà passé" });
      await expect(report).toBeVisible();
      // The mood is required for an event.
      await report.getByRole("button", { name: "Terminer l'activité" }).click();
      await expect(report.getByText("Ce champ est obligatoire")).toBeVisible();
      await report.getByRole("radio", { name: "Satisfaisant" }).check();
      await report.getByRole("button", { name: "Terminer l'activité" }).click();
      const next = page.getByRole("dialog", { name: "Planifier la suite" });
      await expect(next).toBeVisible();
      await next.getByRole("button", { name: "Ignorer" }).click();
      await expect(next).toBeHidden();

      // The event's detail page: completed, mood shown, calendar links.
      await page.goto(`/activities?type=event&time=${day}`);
      const row = page.getByTestId("event-row").filter({ hasText: `RDV ${t.toUpperCase()}` });
      await expect(row.getByRole("img", { name: "Terminée" })).toBeVisible();
      await row.getByRole("link", { name: "Café" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Café" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Compte rendu" })).toContainText("Satisfaisant");
      await expect(page.getByRole("link", { name: /Google Agenda/ })).toHaveAttribute("href", /google\.com\/calendar/);
      await expect(page.getByRole("link", { name: /Outlook/ })).toHaveAttribute("href", /outlook/);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Fichier .ics" }).click();
      expect((await download).suggestedFilename()).toMatch(/\.ics$/);
      await shotInto(page, `event-details-${tag}`);
      await expectAccessible(page);
    });
  });
}

test.describe("unsubscribe from the morning e-mail", () => {
  for (const vp of viewports) {
    test(`the e-mail's link works without signing in, a bad one is refused (${vp.name})`, async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto("/unsubscribe?token=not-a-real-token");
      await expect(page.getByTestId("unsubscribe-result")).toHaveText("Ce lien de désinscription n'est pas valide ou a expiré.");
      await shotInto(page, `unsubscribe-invalid-${vp.width}`);
      await expectAccessible(page);
    });
  }

  test("a valid link stops the e-mails", async ({ page }) => {
    // The demo candidate turns the morning e-mail on and has a task due today.
    await login(page, DEMO.candidate);
    await expect(page).not.toHaveURL(/\/login$/);
    const post = (path: string, data: unknown) =>
      page.request.post(path, { data, headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" } });
    const { id } = (await me(page)) as { id?: string };
    expect((await post("/tremplin.auth.v1.AuthService/UpdateProfile", { id, taskNotifications: true })).status()).toBe(200);
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    const task = await post("/tremplin.activity.v1.ActivityService/CreateTask", { task: { subject: "TASK_SUBJECT_INTERNET_SEARCHES", priority: "TASK_PRIORITY_NORMAL", deadline: noon.toISOString() } });
    expect(task.status(), await task.text()).toBe(200);
    await page.context().clearCookies();
    const outbox = required(ENV.outbox);
    const dataDir = dirname(outbox);
    const bin = resolve(process.env.TREMPLIN_BIN ?? resolve(import.meta.dirname, "../../bin/tremplin"));
    execFileSync(bin, ["jobs", "run", "task-digest"], {
      env: { ...process.env, DATABASE_URL: `sqlite:${join(dataDir, "tremplin.db")}`, DATA_DIR: dataDir, PUBLIC_URL: required(ENV.baseURL) },
      stdio: "pipe",
    });
    const mails = readdirSync(outbox).filter((f) => f.endsWith(".eml")).map((f) => readFileSync(join(outbox, f), "utf8"));
    const mail = mails.find((m) => m.includes(DEMO.candidate) && /unsubscribe\?token=/.test(m.replace(/=\r?\n/g, "")));
    expect(mail, "no digest e-mail for the demo candidate").toBeTruthy();
    const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(mail!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByTestId("unsubscribe-result")).toHaveText("C'est fait\u00a0: vous ne recevrez plus l'e-mail du matin listant vos tâches du jour.");
    await shotInto(page, "unsubscribe-done-1280");
    await expectAccessible(page);
  });
});
