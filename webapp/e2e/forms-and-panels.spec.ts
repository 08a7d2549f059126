// Issue 9, against the real server at 375 px and 1280 px: an empty submit focuses the first
// field in error; step 2 of a modal opens at its top; the import's file picker is a real button
// and the import says which rows it left out and why; a panel whose call fails says so (never
// « aucune ») and loads again on « Réessayer ».
import type { FileChooser, Page } from "@playwright/test";
import { DEMO } from "./env";
import { expect, login, nbsp, shot, test, token } from "./fixtures";
import { widths } from "./screens";

async function signedIn(page: Page, path: string, email: string = DEMO.candidate) {
  await login(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

/** The scroll positions of the boxes around an element, up to <body> (those that scroll). */
function scrolledAround(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const out: number[] = [];
    for (let el = document.querySelector(sel)?.parentElement; el && el !== document.body; el = el.parentElement) {
      if (el.scrollHeight > el.clientHeight + 1) out.push(el.scrollTop);
    }
    return out;
  }, selector);
}

for (const { name, width, height } of widths) {
  test.describe(`forms and panels at ${name}`, () => {
    test.use({ viewport: { width, height } });

    test("an empty submit focuses the first field in error", async ({ page }) => {
      await signedIn(page, "/contacts");
      await page.getByRole("button", { name: /Ajouter un contact/ }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau contact" });
      await dialog.getByRole("button", { name: "Créer le contact" }).click();
      await expect(dialog.getByText("Ce champ est obligatoire")).toHaveCount(2);
      await expect(dialog.getByRole("textbox", { name: /^Prénom/ })).toBeFocused();

      // The reset-password modal of the sign-in page.
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("button", { name: /Mot de passe oublié/ }).click();
      const reset = page.getByRole("dialog");
      const email = reset.getByRole("textbox");
      await email.fill("");
      await reset.getByRole("button", { name: "Envoyer le lien" }).click();
      await expect(email).toBeFocused();
    });

    test("step 2 of the contact modal opens at its top", async ({ page }) => {
      await signedIn(page, "/contacts");
      await page.getByRole("button", { name: /Ajouter un contact/ }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau contact" });
      await dialog.getByRole("textbox", { name: /^Prénom/ }).fill("Inès");
      await dialog.getByRole("textbox", { name: /^Nom/ }).fill(token());
      await dialog.getByRole("textbox", { name: "E-mail" }).fill("ines@exemple.fr");
      const next = dialog.getByRole("button", { name: "Continuer" });
      await next.scrollIntoViewIfNeeded();
      // The user went down to the buttons: the modal is scrolled.
      await page.evaluate(() => {
        for (let el = document.querySelector('[role="dialog"] form')?.parentElement; el && el !== document.body; el = el.parentElement) el.scrollTop = el.scrollHeight;
      });
      if (width < 600) expect(Math.max(...(await scrolledAround(page, '[role="dialog"] form')))).toBeGreaterThan(0);
      await next.click();
      await expect(dialog.getByRole("form", { name: "Première tâche" })).toBeVisible();
      for (const top of await scrolledAround(page, '[role="dialog"] form')) expect(top).toBe(0);
      await expect(dialog.getByText("Étape 2 sur 2", { exact: false })).toBeInViewport();
    });

    test("the file picker is a real button, and the import says which rows it left out", async ({ page }) => {
      // Listening from the start: Playwright asks Chromium to intercept file choosers when the first
      // listener is added, without waiting for it, so a key pressed right after could still meet a
      // chooser nobody intercepts.
      const choosers: FileChooser[] = [];
      page.on("filechooser", (chooser) => choosers.push(chooser));
      // Chromium ignores a chooser asked for while it is still closing the previous one (a matter
      // of milliseconds, longer on a busy machine): the key is pressed again until one opens, and
      // the test still fails if the key never opens one.
      const opensChooser = async (key: "Space" | "Enter") => {
        const before = choosers.length;
        await expect(async () => {
          if (choosers.length === before) await page.keyboard.press(key);
          expect(choosers.length, `${key} opens the file chooser`).toBeGreaterThan(before);
        }).toPass({ intervals: [500, 1_000, 2_000] });
        return choosers[choosers.length - 1];
      };
      await signedIn(page, "/contacts");
      await page.getByRole("button", { name: "Importer", exact: true }).first().click();
      const dialog = page.getByRole("dialog", { name: "Importer des contacts" });
      const choose = dialog.getByRole("button", { name: "Choisir un fichier", exact: true });
      await expect(choose).toBeVisible();
      // Tab reaches it.
      let reached = false;
      for (let i = 0; i < 12 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await choose.evaluate((el) => el === document.activeElement);
      }
      expect(reached, "Tab reaches « Choisir un fichier »").toBe(true);
      // Space opens the chooser; so does Enter.
      await (await opensChooser("Space")).setFiles([]);
      const chooser = await opensChooser("Enter");
      const last = token();
      const csv = `First Name,Last Name,Company\nZoé,Nguyen,Tremplin\nAnne,${last},Alpha\nANNE,${last.toUpperCase()},Beta\n,,Sans Nom SA\n`;
      await chooser.setFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(dialog.getByText("1 nouveau contact trouvé")).toBeVisible();
      await expect(dialog.getByTestId("import-skipped")).toHaveText(
        `3${nbsp}lignes ignorées${nbsp}: 1 déjà dans votre réseau, 1 en double dans le fichier, 1 sans nom`,
      );
      await shot(page, `import-skipped-${width}`);
    });

    test("a panel whose call fails says so, and loads again on « Réessayer »", async ({ page }) => {
      test.setTimeout(180_000);
      await signedIn(page, "/dashboard");
      // A dropped connection for the calls below.
      const broken = ["GetDashboard", "GetCalendarFeed", "ListTasks", "ListApplications", "ListRecommendedContacts", "ListContacts"];
      await page.route(/\/tremplin\.[a-z]+\.v1\.[A-Za-z]+Service\/([A-Za-z]+)/, (route) => {
        const method = /\/([A-Za-z]+)(\?|$)/.exec(new URL(route.request().url()).pathname)?.[1] ?? "";
        return broken.includes(method) ? route.abort("connectionfailed") : route.continue();
      });

      await page.reload();
      await expect(page.getByTestId("load-error")).toContainText("Impossible de charger votre tableau de bord.");
      await shot(page, `dashboard-failed-${width}`);
      await expect(page.getByText("Aucune tâche à échéance sur cette période.")).toHaveCount(0);

      await page.goto("/profile");
      await expect(page.getByTestId("load-error")).toContainText("Impossible de charger l'adresse de votre agenda.");
      await expect(page.getByText("Aucune adresse d'agenda n'est active.")).toHaveCount(0);

      await page.goto("/contacts");
      await expect(page.getByTestId("load-error")).toContainText("Impossible de charger vos contacts.");
      await expect(page.getByText("Votre réseau commence ici")).toHaveCount(0);

      // The list again, then one contact's page with its panels failing.
      broken.splice(broken.indexOf("ListContacts"), 1);
      await page.getByRole("button", { name: "Réessayer" }).click();
      await expect(page.getByTestId("contacts-count")).toHaveText(/\d+\u00a0contacts/);
      await page.getByRole("main").locator('a[href^="/contact/"]').first().click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("load-error").filter({ hasText: "Impossible de charger les opportunités liées à ce contact." })).toBeVisible();
      await expect(page.getByTestId("load-error").filter({ hasText: "Impossible de charger les activités de ce contact." })).toBeVisible();
      await expect(page.getByText("Ce contact n'est lié à aucune opportunité.")).toHaveCount(0);
      await shot(page, `panels-failed-${width}`);

      broken.length = 0;
      const retry = page.getByTestId("load-error").getByRole("button", { name: "Réessayer" });
      for (let left = await retry.count(); left > 0; left = await retry.count()) {
        await retry.first().click();
        await expect(retry).toHaveCount(left - 1);
      }
      await expect(page.getByTestId("load-error")).toHaveCount(0);
      await expect(page.getByRole("tab", { name: /^En cours \(\d+\)$/ })).toBeVisible();
    });
  });
}
