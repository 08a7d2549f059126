// /applications against the real server, at 1280 px (table, four-column board) and 375 px
// (cards, one board column chosen with the status picker). Tests that change data create their
// own applications, named after a random token, and find them with the search, so they run in
// parallel on the shared demo accounts; tests that read the demo applications only rely on ones
// no test changes (Ubisoft, Orange, Crédit Agricole are closed: final).
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, nbsp, test, type SignIn, token, toast } from "./fixtures";
import { viewports } from "./screens";

const WHY_NOT_ENGAGED = `Engagée${nbsp}: automatique dès qu'une tâche ou un entretien de cette candidature est terminé.`;

/** Creates an application through the API, with the page's session. */
async function createApplication(page: Page, company: string, job = "Chef de projet", more: Record<string, string> = {}): Promise<{ id: string }> {
  const res = await page.request.post("/tremplin.opportunity.v1.OpportunityService/CreateApplication", {
    data: { application: { company, job, source: "APPLICATION_SOURCE_JOB_BOARD", place: "Nantes", salary: "50 k€", ...more } },
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { application: { id: string } }).application;
}

/** The board picker's values: the statuses' numbers. */
const COLUMN_VALUES: Record<string, string> = { Nouvelle: "1", Engagée: "2", Perdue: "3", Gagnée: "4" };

for (const vp of viewports) {
  test.describe(`applications at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    const items = (page: Page) => page.getByTestId(vp.mobile ? "application-card" : "application-row");
    const item = (page: Page, company: string) => items(page).filter({ has: page.getByRole("link", { name: new RegExp(company) }) });
    const search = (page: Page) => page.getByRole("searchbox", { name: "Rechercher une entreprise" });
    const board = (page: Page) => page.getByRole("region", { name: "Tableau des candidatures" });
    const column = (page: Page, label: string) => board(page).getByRole("region", { name: new RegExp(`^${label},`) });
    const boardCard = (page: Page, company: string) => board(page).getByTestId("board-card").filter({ hasText: company });

    /** Opens the list as the account, signed in once per worker (fixtures.ts). */
    async function openApplications(signIn: SignIn, page: Page, email: string = DEMO.candidate) {
      await signIn(email);
      await page.goto("/applications");
      await expect(page.getByRole("heading", { level: 1, name: "Mes opportunités" })).toBeVisible();
      await expect(page.getByTestId("applications-count")).toHaveText(/\d+\u00a0candidatures/);
    }

    /** Shows one board column: all four are there on desktop; the status picker picks it on phones. */
    async function showColumn(page: Page, label: string) {
      if (vp.mobile) await page.getByLabel("Colonne affichée").selectOption(COLUMN_VALUES[label]!);
      await expect(column(page, label)).toBeVisible();
    }

    test("the list: count, state bar, search by company and status filter", async ({ page, signIn }) => {
      await openApplications(signIn, page);
      const bar = page.getByRole("region", { name: "Mes candidatures par statut" });
      for (const label of ["Nouvelle", "Engagée", "Perdue", "Gagnée"]) await expect(bar.getByText(label)).toBeVisible();
      await expect(items(page).first()).toBeVisible();
      if (!vp.mobile) {
        const table = page.getByRole("table", { name: "Mes opportunités" });
        for (const name of ["Entreprise et poste", "Référence", "Salaire", "Source", "Détails de la source", "Publication", "Lieu", "Statut"]) {
          await expect(table.getByRole("columnheader", { name, exact: true })).toBeVisible();
        }
      } else {
        // A card is a tap target of its own: the whole card opens the application.
        const card = items(page).first();
        const box = await card.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        const menu = card.getByRole("button", { name: /^Actions pour/ });
        const menuBox = await menu.boundingBox();
        expect(menuBox!.width).toBeGreaterThanOrEqual(44);
        expect(menuBox!.height).toBeGreaterThanOrEqual(44);
      }
      await expectAccessible(page);

      // Search: accent- and case-insensitive on the company.
      await search(page).fill("UBISOFT");
      await expect(items(page)).toHaveCount(1);
      await expect(item(page, "Ubisoft")).toContainText("Perdue");
      await expect(page.getByTestId("applications-shown")).toHaveText(/^1 sur \d+ affichée$/);
      await page.getByRole("button", { name: "Effacer les filtres" }).click();
      await expect(search(page)).toHaveValue("");

      // Status filter, several choices.
      await page.getByRole("button", { name: /^Statut/ }).click();
      await page.getByRole("checkbox", { name: "Gagnée" }).check();
      await page.keyboard.press("Escape");
      await expect(item(page, "Orange")).toBeVisible();
      await expect(item(page, "Crédit Agricole")).toBeVisible();
      await expect(items(page).filter({ hasNotText: "Gagnée" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Retirer le filtre Gagnée" })).toBeVisible();
      await expectAccessible(page);

      // A card (or the row's link) opens the application.
      await item(page, "Orange").getByRole("link", { name: /Orange/ }).click();
      await expect(page).toHaveURL(/\/application\/[0-9a-f-]{36}$/);
    });

    test("create an application through the add button", async ({ page, signIn }) => {
      const t = token();
      const company = `Cap ${t}`;
      await openApplications(signIn, page);
      await page.getByRole("button", { name: "Ajouter une candidature" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvelle candidature" });
      await expect(dialog.getByRole("textbox", { name: /^Entreprise/ })).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("textbox", { name: /^Entreprise/ }).fill(company);
      await dialog.getByRole("textbox", { name: /^Poste/ }).fill("Responsable produit");
      await dialog.getByRole("combobox", { name: /^Source/ }).click();
      await page.getByRole("option", { name: "Candidature spontanée" }).click();
      await dialog.getByRole("button", { name: "Créer la candidature" }).click();
      await expect(toast(page, "Candidature créée")).toBeVisible();
      // The first-task prompt follows; this test leaves it.
      const prompt = page.getByRole("dialog");
      await expect(prompt.getByRole("button", { name: "Ignorer" })).toBeVisible();
      await prompt.getByRole("button", { name: "Ignorer" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await search(page).fill(t);
      await expect(items(page)).toHaveCount(1);
      await expect(item(page, company)).toContainText("Nouvelle");
    });

    test("the board: remembered, offers only the moves that can succeed, a move to Win through the report with the focus kept, then final", async ({ page, signIn }) => {
      // Many steps, each a round trip: more than the default budget on a busy machine.
      test.setTimeout(180_000);
      const t = token();
      const company = `Board ${t}`;
      await openApplications(signIn, page);
      await createApplication(page, company);
      await page.getByRole("button", { name: "Tableau" }).click();
      await expect(board(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Tableau" })).toHaveAttribute("aria-pressed", "true");

      // Remembered across visits.
      await page.reload();
      await expect(board(page)).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expectAccessible(page);

      await search(page).fill(t);
      await showColumn(page, "Nouvelle");
      const card = boardCard(page, company);
      await expect(column(page, "Nouvelle").getByTestId("board-card").filter({ hasText: company })).toBeVisible();

      // A focused card is outlined, from the keyboard.
      await card.getByRole("button", { name: /^Actions pour/ }).focus();
      await page.keyboard.press("Shift+Tab");
      await expect(card.getByRole("link", { name: new RegExp(company) })).toBeFocused();
      const outline = await card.evaluate((el) => getComputedStyle(el));
      expect(outline.outlineStyle).toBe("solid");
      expect(parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);

      // The move button is named by its visible text first (WCAG 2.5.3).
      const move = card.getByRole("button", { name: `Déplacer vers… (${company})` });
      await expect(move).toContainText("Déplacer vers…");

      // The menu offers Lost and Won only, and says why not Engaged; the arrows skip the note.
      await move.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(page.getByRole("menuitem", { name: "Perdue" })).toBeFocused();
      await expect(menu.getByRole("menuitem", { name: "Engagée", exact: true })).toHaveCount(0);
      await expect(menu.getByRole("menuitem", { name: "Nouvelle", exact: true })).toHaveCount(0);
      await expect(menu.getByTestId("move-unavailable")).toHaveText(WHY_NOT_ENGAGED);
      await expectAccessible(page);
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: "Gagnée" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(move).toBeFocused();
      if (!vp.mobile) {
        // A drop on Engaged does nothing: no call, no window, the card stays.
        await card.dragTo(column(page, "Engagée"));
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(column(page, "Nouvelle").getByTestId("board-card").filter({ hasText: company })).toBeVisible();
      }

      // To Win from the keyboard: the report opens with that outcome, the card moves once it is
      // saved, and the focus is on it in its new column.
      await move.focus();
      await page.keyboard.press("Enter");
      // Each key once the menu has moved the focus (a key pressed before the menu is open is lost).
      await expect(page.getByRole("menuitem", { name: "Perdue" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: "Gagnée" })).toBeFocused();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Clôturer la candidature" });
      await expect(dialog.getByRole("radio", { name: /Gagnée/ })).toBeChecked();
      await expectAccessible(page);
      await dialog.getByRole("textbox", { name: /Commentaire/ }).fill("Offre acceptée.");
      await dialog.getByRole("button", { name: "Clôturer la candidature" }).click();
      await expect(toast(page, "Candidature clôturée")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      // On a phone the picker follows the card to its new column.
      const won = column(page, "Gagnée").getByTestId("board-card").filter({ hasText: company });
      await expect(won).toBeVisible();
      await expect(won.getByRole("link", { name: new RegExp(company) })).toBeFocused();
      await expect(page.getByTestId("board-announcement")).toHaveText(`${company} est maintenant dans la colonne «${nbsp}Gagnée${nbsp}».`);

      // Final: marked closed, no move button, and a drag does nothing.
      await expect(won.getByText("Clôturée")).toBeVisible();
      await expect(won.getByRole("button", { name: /^Déplacer/ })).toHaveCount(0);
      await expect(won).not.toHaveAttribute("draggable", "true");
      if (!vp.mobile) {
        await won.dragTo(column(page, "Perdue"));
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(column(page, "Gagnée").getByTestId("board-card").filter({ hasText: company })).toBeVisible();
      }
      await expectAccessible(page);

      // Back to the list for the next visits of this browser.
      await page.getByRole("button", { name: "Liste" }).click();
      await expect(items(page)).toHaveCount(1);
    });

    if (!vp.mobile) {
      test("the table shows long references, jobs, companies and places whole, never cut with « … »", async ({ page, signIn }) => {
        const t = token();
        const company = `Compagnie générale de transports urbains et interurbains ${t}`;
        const job = "Responsable de la planification des opérations de maintenance ferroviaire";
        const reference = "REF-2026-ATL-00042-MAINT-FERRO";
        const place = "Saint-Quentin-en-Yvelines (Île-de-France)";
        await openApplications(signIn, page);
        await createApplication(page, company, job, { reference, place });
        await page.reload();
        await search(page).fill(t);
        const row = item(page, t);
        await expect(row).toHaveCount(1);
        for (const text of [company, job, reference, place]) await expect(row).toContainText(text);
        // Nothing in the row is cut: every text fits its box (no hidden overflow, no « … »), and
        // no hover-only title carries the full text.
        const cut = await row.evaluate((tr) =>
          Array.from(tr.querySelectorAll<HTMLElement>("td *"))
            .filter((el) => el.childElementCount === 0 && el.textContent?.trim())
            // Cut: wider than its box (the status chip's label keeps MUI's ellipsis style, unused).
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        );
        expect(cut).toEqual([]);
        await expect(row.locator("[title]")).toHaveCount(0);
      });
    }

    test("a non-subscriber sees search and filter locked and is sent to the subscription page", async ({ page, signIn }) => {
      await openApplications(signIn, page, DEMO.trialOver);
      await expect(page.getByTestId("premium-badge").first()).toBeVisible();
      await expectAccessible(page);
      await search(page).click();
      await expect(page).toHaveURL(/\/ask-subscription$/);
      await page.goBack();
      await expect(page.getByTestId("applications-count")).toHaveText(/\d+\u00a0candidatures/);
      await page.getByRole("button", { name: /^Statut/ }).click();
      await expect(page).toHaveURL(/\/ask-subscription$/);
    });
  });
}
