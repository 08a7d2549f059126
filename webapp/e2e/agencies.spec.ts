// The staff screens of issue 14 against the real server, at 1280 px (tables) and 375 px
// (cards), with axe on every screen and modal: the platform admin creates an agency and gives
// it licences; its admin, invited by e-mail, sets a password and creates a candidate; the
// candidate's invitation sets a password and signs them in; the agency admin then sees the
// licence used. And the coach view, for a consenting and a non-consenting candidate.
// Each run creates its own agency, named after a random token, so both widths run in parallel.
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO_PASSWORD, DEMO } from "./env";
import { expect, login, shot, test, token } from "./fixtures";
import { viewports } from "./screens";
import { mailsTo, passwordLinks } from "./outbox";

async function invitationOf(email: string): Promise<string> {
  await expect.poll(() => passwordLinks(email).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const link = new URL(passwordLinks(email).at(-1)!);
  return link.pathname + link.search;
}

/** axe on what the page shows now (e2e/axe.ts), named in the report. */
async function checkA11y(page: Page, what: string): Promise<void> {
  await test.step(`axe: ${what}`, () => expectAccessible(page));
}

function toast(page: Page, text: string | RegExp) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/** Sets a password through an invitation link (terms accepted); the link signs the person in. */
async function acceptInvitation(page: Page, path: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Créez votre mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill(password);
  await page.getByLabel("Confirmation du mot de passe").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Créer mon mot de passe" }).click();
}

/** An API session of a demo account, outside the page (its own cookies). */
async function apiSession(baseURL: string, email: string): Promise<{ api: APIRequestContext; id: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const me = await api.get("/api/auth/me");
  const body = (await me.json()) as { user?: { id: string }; id?: string };
  const id = body.user?.id ?? body.id;
  expect(id).toBeTruthy();
  return { api, id: id! };
}

for (const vp of viewports) {
  test.describe(`staff screens at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const w = vp.mobile ? "375" : "1280";

    const agencyItem = (page: Page, name: string) =>
      page.getByTestId(vp.mobile ? "agency-card" : "agency-row").filter({ hasText: name });
    const candidateItem = (page: Page, email: string) =>
      page.getByTestId(vp.mobile ? "candidate-card" : "candidate-row").filter({ hasText: email });

    test("an agency, its licences, its admin's candidate, invited, signed in: the licence is used", async ({ page }) => {
      test.setTimeout(180_000);
      const t = token();
      const agencyName = `Agence ${t}`;
      const adminEmail = `direction.${t}@exemple.fr`;
      const candidateEmail = `ines.${t}@exemple.fr`;

      // The platform admin creates the agency and its admin.
      await login(page, DEMO.admin);
      await expect(page).toHaveURL(/\/agencies$/);
      await expect(page.getByRole("heading", { level: 1, name: "Agences" })).toBeVisible();
      await expect(agencyItem(page, "Agence Horizon Emploi")).toBeVisible();
      await checkA11y(page, "/agencies");
      await shot(page, `agencies-${w}`);

      await page.getByRole("button", { name: "Créer une agence" }).first().click();
      const agencyDialog = page.getByRole("dialog", { name: "Nouvelle agence" });
      await agencyDialog.getByRole("button", { name: "Créer l'agence" }).click();
      await expect(agencyDialog.getByText("Ce champ est obligatoire")).toHaveCount(3); // name, e-mail, admin's e-mail
      await agencyDialog.getByLabel(/^E-mail de l'agence/).fill("pas-une-adresse");
      await agencyDialog.getByLabel(/^Nom de l'agence/).click();
      await expect(agencyDialog.getByText("Le format de l'email est incorrect")).toBeVisible();
      await checkA11y(page, "the agency modal");
      await shot(page, `agency-modal-${w}`);
      await agencyDialog.getByLabel(/^Nom de l'agence/).fill(agencyName);
      await agencyDialog.getByLabel(/^E-mail de l'agence/).fill(`contact.${t}@exemple.fr`);
      await agencyDialog.getByLabel(/^Prénom/).fill("Nora");
      await agencyDialog.getByLabel(/^Nom$/).fill(`vasseur ${t}`);
      await expect(agencyDialog.getByLabel(/^Nom$/)).toHaveValue(`VASSEUR ${t.toUpperCase()}`);
      await agencyDialog.getByLabel(/^E-mail de l'administrateur/).fill(DEMO.agency); // already used
      await agencyDialog.getByRole("button", { name: "Créer l'agence" }).click();
      await expect(agencyDialog.getByText("Cette adresse e-mail est déjà utilisée par un autre compte")).toBeVisible();
      await agencyDialog.getByLabel(/^E-mail de l'administrateur/).fill(adminEmail);
      await agencyDialog.getByRole("button", { name: "Créer l'agence" }).click();
      await expect(toast(page, "L'agence a été créée")).toBeVisible();
      await expect(agencyDialog).toBeHidden();
      const row = agencyItem(page, agencyName);
      await expect(row).toContainText(adminEmail);
      await expect(row).toContainText("Jamais connecté");
      await expect(row.getByTestId("licences-total")).toHaveText("0");

      // Licences: required, then 3 added once.
      await row.getByRole("button", { name: `Ajouter des licences à ${agencyName}` }).click();
      const licenceDialog = page.getByRole("dialog", { name: "Ajouter des licences" });
      await expect(licenceDialog.getByTestId("licence-summary")).toContainText(agencyName);
      await licenceDialog.getByRole("button", { name: "Ajouter les licences" }).click();
      await expect(licenceDialog.getByText("Ce champ est obligatoire")).toBeVisible();
      await licenceDialog.getByLabel(/^Nombre de licences/).fill("0");
      await licenceDialog.getByRole("button", { name: "Ajouter les licences" }).click();
      await expect(licenceDialog.getByText("Indiquez un nombre entier entre 1 et 10 000")).toBeVisible();
      await licenceDialog.getByLabel(/^Nombre de licences/).fill("3");
      await checkA11y(page, "the licence modal");
      await shot(page, `licence-modal-${w}`);
      await licenceDialog.getByRole("button", { name: "Ajouter les licences" }).click();
      await expect(toast(page, "3\u00a0licences ajoutées à l'agence")).toBeVisible();
      await expect(row.getByTestId("licences-total")).toHaveText("3");
      await expect(row.getByTestId("licences-remaining")).toHaveText("3");

      // The agency's admin: the invitation link sets the password and signs them in.
      await acceptInvitation(page, await invitationOf(adminEmail), "Agence-E2E-2026");
      await expect(page).toHaveURL(/\/candidates$/);
      await expect(page.getByText("Aucun candidat pour l'instant")).toBeVisible();
      await checkA11y(page, "/candidates, empty");

      // They create a candidate (no B2C choice for an agency admin): a licence goes pending.
      await page.getByRole("button", { name: "Ajouter un candidat" }).first().click();
      const candidateDialog = page.getByRole("dialog", { name: "Nouveau candidat" });
      await expect(candidateDialog.getByText("Candidat B2C")).toHaveCount(0);
      await candidateDialog.getByRole("button", { name: "Créer le candidat" }).click();
      await expect(candidateDialog.getByText("Ce champ est obligatoire")).toBeVisible();
      await candidateDialog.getByLabel(/^Prénom/).fill("Inès");
      await candidateDialog.getByLabel(/^Nom$/).fill(`morel ${t}`);
      await candidateDialog.getByLabel(/^E-mail/).fill(candidateEmail);
      await candidateDialog.getByLabel(/^Mobile/).fill("06 abc");
      await candidateDialog.getByRole("button", { name: "Créer le candidat" }).click();
      await expect(candidateDialog.getByText("Le format du numéro de téléphone est incorrect")).toBeVisible();
      await checkA11y(page, "the candidate modal");
      await shot(page, `candidate-modal-agency-${w}`);
      await candidateDialog.getByLabel(/^Mobile/).fill("06 12 34 56 78");
      await candidateDialog.getByRole("button", { name: "Créer le candidat" }).click();
      await expect(toast(page, "Le candidat a été créé et invité par e-mail")).toBeVisible();
      const candidate = candidateItem(page, candidateEmail);
      await expect(candidate).toContainText(`MOREL ${t.toUpperCase()} Inès`);
      await expect(candidate).toContainText("Licence en attente");
      await expect(candidate.getByTestId("candidate-licence")).toContainText("Invité le");

      // Deleting needs a tick first.
      await page.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect(toast(page, "Cochez d'abord les candidats à supprimer")).toBeVisible();

      // The candidate's invitation sets the password and signs them in.
      await acceptInvitation(page, await invitationOf(candidateEmail), "Candidate-E2E-2026");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: /Bonjour Inès/ })).toBeVisible();

      // The agency admin sees the licence used.
      await page.context().clearCookies();
      await login(page, adminEmail, "Agence-E2E-2026");
      await expect(page).toHaveURL(/\/candidates$/);
      await expect(candidate).toContainText("Licence valide");
      await expect(candidate.getByTestId("candidate-licence")).toContainText("Expire le");
      await expect(page.getByTestId("tab-with-valid-license")).toContainText("1");
      await checkA11y(page, "/candidates");
      await shot(page, `candidates-agency-${w}`);

      // And so does the platform admin, in the agency's counts.
      await page.context().clearCookies();
      await login(page, DEMO.admin);
      await expect(page).toHaveURL(/\/agencies$/);
      await expect(row.getByTestId("licences-used")).toHaveText("1");
      await expect(row.getByTestId("licences-pending")).toHaveText("0");
      await expect(row.getByTestId("licences-remaining")).toHaveText("2");
    });

    test("the platform admin's candidates: tabs, search, B2C by default, no free access offered with a licence, delete with the warning", async ({ page }) => {
      const t = token();
      const email = `b2c.${t}@exemple.fr`;
      await login(page, DEMO.admin);
      await expect(page).toHaveURL(/\/agencies$/);
      await page.goto("/candidates");
      await expect(page.getByRole("heading", { level: 1, name: "Candidats" })).toBeVisible();
      // Every status has its tab and its count (the seed has a candidate in each).
      for (const key of ["just-created", "with-pending-license", "with-valid-license", "with-expired-license", "in-trial-period", "without-license-after-trial-period"]) {
        await expect(page.getByTestId(`tab-${key}`)).toContainText(/[1-9]/);
      }
      await page.getByTestId("tab-with-expired-license").click();
      await expect(candidateItem(page, "licence-terminee@demo.tremplin.fr")).toBeVisible();
      await expect(candidateItem(page, "actif@demo.tremplin.fr")).toHaveCount(0);
      await page.getByTestId("tab-all").click();
      await page.getByRole("searchbox", { name: "Rechercher un candidat" }).fill("cap avenir");
      await expect(candidateItem(page, "actif@demo.tremplin.fr")).toBeVisible();
      await expect(candidateItem(page, DEMO.candidate)).toHaveCount(0);
      await checkA11y(page, "/candidates (admin)");
      await shot(page, `candidates-admin-${w}`);

      // Free access to a licence holder: not offered (the server refuses it), nor B2C with a
      // valid licence; what is offered can be done.
      await page.getByRole("searchbox", { name: "Rechercher un candidat" }).fill("actif@demo");
      await candidateItem(page, "actif@demo.tremplin.fr").getByRole("button", { name: /^Actions pour/ }).click();
      await expect(page.getByRole("menuitem", { name: "Supprimer" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Donner un accès gratuit" })).toHaveCount(0);
      await expect(page.getByRole("menuitem", { name: "Passer en B2C" })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);

      // A B2C candidate by default, with no agency.
      await page.getByRole("searchbox", { name: "Rechercher un candidat" }).fill("");
      await page.getByRole("button", { name: "Ajouter un candidat" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau candidat" });
      await expect(dialog.getByRole("switch", { name: "Candidat B2C" })).toBeChecked();
      await dialog.getByLabel(/^Prénom/).fill("Yanis");
      await dialog.getByLabel(/^Nom$/).fill(`roux ${t}`);
      await dialog.getByLabel(/^E-mail/).fill(email);
      await checkA11y(page, "the candidate modal (admin)");
      await shot(page, `candidate-modal-admin-${w}`);
      await dialog.getByRole("button", { name: "Créer le candidat" }).click();
      await expect(toast(page, "Le candidat a été créé et invité par e-mail")).toBeVisible();
      const created = candidateItem(page, email);
      await expect(created).toContainText("Jamais connecté");
      await expect(created).toContainText("B2C");
      await expect(created).toContainText("Sans agence");

      // Ticked, deleted after the data-loss warning.
      await created.getByRole("checkbox", { name: /^Cocher/ }).check();
      await page.getByRole("button", { name: "Supprimer (1)" }).click();
      const del = page.getByRole("dialog", { name: "Supprimer ce candidat ?" });
      await expect(del.getByTestId("delete-warning")).toHaveText(
        "Toutes les données des candidats supprimés seront définitivement perdues\u00a0: opportunités, activités et réseau de contacts.",
      );
      await expect(del).toContainText(email);
      await checkA11y(page, "the delete-candidate modal");
      await shot(page, `delete-modal-${w}`);
      await del.getByRole("button", { name: "Supprimer définitivement" }).click();
      await expect(toast(page, "Le candidat a été supprimé")).toBeVisible();
      await expect(created).toHaveCount(0);
    });

    test("licences and free access, one rule: the menu offers what can be done, a licence ends free access, a returning candidate is told", async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const t = token();
      const bossEmail = `direction.${t}@exemple.fr`;
      const freeEmail = `libre.${t}@exemple.fr`;
      const backEmail = `retour.${t}@exemple.fr`;
      const password = "Agence-E2E-2026";

      // Set up through the API: an agency without licences, its admin, two candidates — one
      // with free access, one who signed in with free access before it was taken back.
      const admin = await apiSession(baseURL!, DEMO.admin);
      let res = await admin.api.post("/api/agency", {
        data: { name: `Agence ${t}`, email: `contact.${t}@exemple.fr`, userProfile: { email: bossEmail, firstName: "Nora", lastName: "VASSEUR" } },
      });
      expect(res.status(), await res.text()).toBe(200);
      const agencyId = ((await res.json()) as { agency: { id: string } }).agency.id;
      const acceptByApi = async (email: string, pw: string) => {
        const link = new URL(await invitationOf(email), baseURL);
        const api = await playwrightRequest.newContext({ baseURL });
        const done = await api.post("/api/users/new-password", {
          data: { id: link.searchParams.get("id"), token: link.searchParams.get("token"), password: pw, acceptTerms: true },
        });
        expect(done.status(), await done.text()).toBe(200);
        return api;
      };
      const boss = await acceptByApi(bossEmail, password);
      const createCandidate = async (email: string, firstName: string) => {
        const made = await boss.post(`/api/agency/${agencyId}/create-candidate`, { data: { email, firstName, lastName: `TEST ${t.toUpperCase()}` } });
        expect(made.status(), await made.text()).toBe(200);
        return ((await made.json()) as { candidate: { id: string } }).candidate.id;
      };
      const freeAccess = async (id: string, on: boolean) => {
        const done = await boss.post(`/api/candidates/${id}/free-access`, { data: { hasFreeAccess: on } });
        expect(done.status(), await done.text()).toBe(200);
      };
      const backId = await createCandidate(backEmail, "Rémi");
      await freeAccess(backId, true);
      res = await boss.post(`/api/candidates/${backId}/send-new-email-invitation`, { data: {} });
      expect(res.status(), await res.text()).toBe(200);
      await (await acceptByApi(backEmail, "Candidat-E2E-2026")).dispose();
      await freeAccess(backId, false);
      await freeAccess(await createCandidate(freeEmail, "Lina"), true);
      res = await admin.api.post(`/api/agency/${agencyId}/allocate-licenses`, { data: { numLicensesToAllocate: 3 } });
      expect(res.status(), await res.text()).toBe(200);
      await admin.api.dispose();
      await boss.dispose();

      await login(page, bossEmail, password);
      await expect(page).toHaveURL(/\/candidates$/);
      await expect(page.getByTestId("candidates-count")).toHaveText("2\u00a0candidats · 3\u00a0licences disponibles");
      const free = candidateItem(page, freeEmail);
      const back = candidateItem(page, backEmail);
      await expect(free).toContainText("Accès gratuit");
      await expect(back).toContainText("Sans licence");
      await expect(back.getByTestId("candidate-licence")).toHaveText("Aucune licence");
      await checkA11y(page, "/candidates, before");
      await shot(page, `candidates-licences-before-${w}`);

      // Free access already: a licence is offered, and says it ends free access.
      await free.getByRole("button", { name: /^Actions pour/ }).click();
      await expect(page.getByRole("menuitem", { name: "Retirer l'accès gratuit" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Donner un accès gratuit" })).toHaveCount(0);
      await page.getByRole("menuitem", { name: "Attribuer une licence" }).click();
      let dialog = page.getByRole("dialog", { name: "Attribuer une licence" });
      await expect(dialog).toContainText("Son accès gratuit prendra fin\u00a0: la licence le remplace.");
      await expect(dialog).toContainText("Il ne s'est encore jamais connecté\u00a0: il recevra une invitation par e-mail.");
      await expect(dialog).toContainText(`Il restera 2\u00a0licences à l'agence Agence ${t}.`);
      await checkA11y(page, "the licence confirmation");
      await shot(page, `allocate-confirm-${w}`);
      await dialog.getByRole("button", { name: "Attribuer" }).click();
      await expect(toast(page, "La licence a été attribuée et le candidat a été invité par e-mail. Son accès gratuit a pris fin.")).toBeVisible();
      await expect(free).toContainText("Licence en attente");
      await expect(free).not.toContainText("Accès gratuit");
      await expect(free.getByTestId("candidate-licence")).toContainText("Invité le");
      // Holding a licence now: free access is not offered any more.
      await free.getByRole("button", { name: /^Actions pour/ }).click();
      await expect(page.getByRole("menuitem", { name: "Renvoyer l'invitation" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: /accès gratuit/ })).toHaveCount(0);
      await expect(page.getByRole("menuitem", { name: "Attribuer une licence" })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);

      // Signed in before: told by e-mail that the licence opens their access again.
      await back.getByRole("button", { name: /^Actions pour/ }).click();
      await page.getByRole("menuitem", { name: "Attribuer une licence" }).click();
      dialog = page.getByRole("dialog", { name: "Attribuer une licence" });
      await expect(dialog).toContainText("Il s'est déjà connecté\u00a0: il sera prévenu par e-mail que son accès est de nouveau ouvert.");
      await dialog.getByRole("button", { name: "Attribuer" }).click();
      await expect(toast(page, "La licence a été attribuée et le candidat a été prévenu par e-mail")).toBeVisible();
      // One state on the row: pending, and when they were told — never « Aucune licence ».
      await expect(back).toContainText("Licence en attente");
      await expect(back.getByTestId("candidate-licence")).toHaveText(/^Prévenu le \d{2}\/\d{2}\/\d{4}$/);
      await expect(page.getByTestId("candidates-count")).toHaveText("2\u00a0candidats · 1\u00a0licence disponible");
      await expect
        .poll(() => mailsTo(backEmail).some((m) => m.text.includes("vous a attribué une nouvelle licence Tremplin") && m.text.includes(`${baseURL}/login`)), {
          timeout: 20_000,
        })
        .toBe(true);
      await checkA11y(page, "/candidates, after");
      await shot(page, `candidates-licences-after-${w}`);
    });

    test("the coach view: a consenting candidate's progress, nothing of a non-consenting one or of another agency's", async ({ page, baseURL }) => {
      // actif@ (Cap Avenir Conseil) shares their progress; nouveau@ has never been asked.
      const actif = await apiSession(baseURL!, "actif@demo.tremplin.fr");
      const consent = await actif.api.put(`/api/users/${actif.id}`, { data: { id: actif.id, shareProgressWithAgency: true } });
      expect(consent.status(), await consent.text()).toBe(200);
      await actif.api.dispose();
      const other = await apiSession(baseURL!, DEMO.candidate); // of Agence Horizon Emploi
      await other.api.dispose();

      await login(page, "agence2@demo.tremplin.fr");
      await expect(page).toHaveURL(/\/candidates$/);
      await candidateItem(page, "actif@demo.tremplin.fr").getByRole("link", { name: /, voir sa progression$/ }).click();
      await expect(page).toHaveURL(/\/candidates\/[0-9a-f-]+\/progress$/);
      await expect(page.getByRole("heading", { level: 1, name: "Emma Roussel" })).toBeVisible();
      await expect(page.getByTestId("last-login")).toContainText("Dernière connexion le");
      await expect(page.getByTestId("figure-contacts")).toContainText("6");
      await expect(page.getByTestId("week-completedTasks")).toBeVisible();
      // Counts only: none of the candidate's contacts is named.
      await expect(page.getByText(/Lambert|Poulain|Doctolib/)).toHaveCount(0);
      await checkA11y(page, "the coach view, shared");
      await shot(page, `progress-shared-${w}`);

      await page.goto("/candidates");
      await candidateItem(page, "nouveau@demo.tremplin.fr").getByRole("link", { name: /, voir sa progression$/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Progression non partagée" })).toBeVisible();
      await expect(page.getByText("Ce candidat n'a pas choisi de partager sa progression avec votre agence.", { exact: false })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Nadia HADDAD");
      await expect(page.getByTestId("figure-contacts")).toHaveCount(0);
      await checkA11y(page, "the coach view, not shared");
      await shot(page, `progress-not-shared-${w}`);

      // Another agency's candidate is unknown here.
      await page.goto(`/candidates/${other.id}/progress`);
      await expect(page.getByRole("heading", { level: 1, name: "Candidat introuvable" })).toBeVisible();
    });
  });
}
