// The profile of issue 13 against the real server, at 1280 px and 375 px: a partial update
// that keeps what it does not send, the consent to share progress with the agency, the
// calendar feed, and the premium switches of a non-subscriber.
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO } from "./env";
import { expect, login, rpc, test } from "./fixtures";

const AGENCY_TRIAL = "essai-agence@demo.tremplin.fr";
const AGENCY_TRIAL_OVER = "fin-essai@demo.tremplin.fr";

type Me = { id: string; job?: string; firstName?: string; lastName?: string; mobileNumber?: string; timeZone?: string; shareProgressWithAgency?: boolean };

async function me(page: Page): Promise<Me> {
  return (await rpc<{ user: Me }>(page, "/tremplin.auth.v1.AuthService/Me", {})).user;
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

/** Turns the consent off and ends any calendar feed, as the demo has them: the tests below turn
 * both on then off, and a retry after a failure half-way must find them as the first try did. */
async function resetConsentAndFeed(page: Page) {
  await rpc(page, "/tremplin.auth.v1.AuthService/UpdateProfile", { id: (await me(page)).id, shareProgressWithAgency: false });
  await rpc(page, "/tremplin.activity.v1.ActivityService/RevokeCalendarFeed", {});
}

async function openProfile(page: Page, email: string, reset = false) {
  await login(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  if (reset) await resetConsentAndFeed(page);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Mon profil" })).toBeVisible();
}

test.describe("profile at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("saves only what changed, the consent and the calendar feed", async ({ page }) => {
    test.slow();
    await openProfile(page, AGENCY_TRIAL, true);
    const before = await me(page);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(AGENCY_TRIAL);
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("readonly", "");

    // Another tab changes the mobile number after this page was loaded: saving the job here
    // must not put the old number back (only the fields changed are sent).
    await rpc(page, "/tremplin.auth.v1.AuthService/UpdateProfile", { id: before.id, mobileNumber: "06 11 22 33 44" });
    const job = `Graphiste ${Date.now()}`;
    await page.getByRole("textbox", { name: "Métier" }).fill(job);
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(toast(page, "Votre profil a été mis à jour")).toBeVisible();
    const after = await me(page);
    expect(after.job).toBe(job);
    expect(after.mobileNumber).toBe("06 11 22 33 44");
    expect(after.firstName).toBe(before.firstName);
    expect(after.lastName).toBe(before.lastName);
    expect(after.timeZone).toBe(before.timeZone);

    // A wrong phone number is refused with the spec's message, before any call.
    await page.getByRole("textbox", { name: "Téléphone fixe" }).fill("abc");
    await page.getByRole("textbox", { name: "Téléphone fixe" }).blur();
    await expect(page.getByText("Le format du numéro de téléphone est incorrect")).toBeVisible();
    await page.getByRole("textbox", { name: "Téléphone fixe" }).fill("");

    // The consent: off by default, explained, turned on then off again.
    const consent = page.getByRole("switch", { name: "Partager ma progression avec mon agence" });
    const section = page.getByRole("region", { name: "Suivi par mon agence" });
    await expect(section).toContainText("Cap Avenir Conseil");
    await expect(section).toContainText("ne verra jamais le détail de vos contacts");
    await expect(consent).not.toBeChecked();
    await consent.click();
    await expect(toast(page, "Votre progression est partagée avec votre agence")).toBeVisible();
    await expect(consent).toBeChecked();
    expect((await me(page)).shareProgressWithAgency).toBe(true);
    await page.reload();
    await expect(consent).toBeChecked();
    await consent.click();
    await expect(toast(page, "Votre progression n'est plus partagée avec votre agence")).toBeVisible();
    expect((await me(page)).shareProgressWithAgency ?? false).toBe(false);

    // The calendar feed: created, shown, then turned off.
    const feed = page.getByRole("region", { name: "Mon agenda" });
    await feed.getByRole("button", { name: "Créer mon adresse d'agenda" }).click();
    await expect(feed.getByTestId("calendar-url")).toHaveValue(/\/api\/calendar-feed\/[^/]+\.ics$/);
    const first = await feed.getByTestId("calendar-url").inputValue();
    const ics = await page.request.get(first);
    expect(ics.status()).toBe(200);
    await feed.getByRole("button", { name: "Générer une nouvelle adresse" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Générer une nouvelle adresse" }).click();
    await expect(toast(page, "Nouvelle adresse générée")).toBeVisible();
    await expect(feed.getByTestId("calendar-url")).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
    await feed.getByRole("button", { name: "Désactiver" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Désactiver" }).click();
    await expect(toast(page, "L'adresse de l'agenda est désactivée")).toBeVisible();
    await expect(feed.getByText("Aucune adresse d'agenda n'est active.")).toBeVisible();

    await expect(page.getByRole("region", { name: "Mon abonnement" })).toContainText("Période d'essai gratuite jusqu'au");
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("profile-1280.png"), fullPage: true });
  });

  test("a candidate without an agency is not offered the consent", async ({ page }) => {
    await openProfile(page, DEMO.trial);
    await expect(page.getByRole("heading", { name: "Mes objectifs hebdomadaires" })).toBeVisible();
    await expect(page.getByRole("switch", { name: /Recevoir chaque matin/ })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Partager ma progression avec mon agence" })).toHaveCount(0);
  });

  test("an agency admin sees the agency's licence counts and no candidate panel", async ({ page }) => {
    await openProfile(page, DEMO.agency);
    const counts = page.getByRole("region", { name: /^Licences de mon agence/ });
    await expect(counts.getByTestId("licence-count")).toHaveCount(4);
    await expect(counts).toContainText("Licences achetées");
    await expect(page.getByRole("heading", { name: "Mes objectifs hebdomadaires" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("profile at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a non-subscriber: premium switches lead to the subscription page, the consent still works", async ({ page }) => {
    test.slow();
    await openProfile(page, AGENCY_TRIAL_OVER, true);
    await expect(page.getByRole("spinbutton", { name: "Nouveaux contacts, seuil faible" })).toBeDisabled();
    await expect(page.getByRole("region", { name: "Mon abonnement" })).toContainText("Votre période d'essai est terminée.");

    const consent = page.getByRole("switch", { name: "Partager ma progression avec mon agence" });
    await consent.click();
    await expect(consent).toBeChecked();
    expect((await me(page)).shareProgressWithAgency).toBe(true);
    await consent.click();
    await expect(consent).not.toBeChecked();
    expect((await me(page)).shareProgressWithAgency ?? false).toBe(false);

    // Without premium access the feed serves nothing, and the panel says why.
    const feed = page.getByRole("region", { name: "Mon agenda" });
    await feed.getByRole("button", { name: "Créer mon adresse d'agenda" }).click();
    await expect(feed.getByTestId("calendar-url")).toHaveValue(/\/api\/calendar-feed\/[^/]+\.ics$/);
    await expect(feed.getByRole("note")).toContainText("Votre agenda ne reçoit plus vos rendez-vous");
    expect((await page.request.get(await feed.getByTestId("calendar-url").inputValue())).status()).toBe(404);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("profile-375.png"), fullPage: true });

    await page.getByRole("switch", { name: /Recevoir chaque matin par e-mail les tâches du jour/ }).click();
    await expect(page).toHaveURL(/\/ask-subscription$/);
  });
});
