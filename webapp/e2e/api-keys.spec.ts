// API keys against the real server (issue 21): the demo agency admin creates a key in the
// profile, copies its secret, uses it over the JSON API (page.request, "Authorization: Bearer"),
// revokes it after confirming, and the very next call with it is refused. At 1280 px and 375 px.
import type { Page } from "@playwright/test";
import { DEMO } from "./env";
import { expect, login, test } from "./fixtures";

async function useKey(page: Page, secret: string, path: string) {
  return page.request.get(path, { headers: { Authorization: `Bearer ${secret}` } });
}

for (const width of [1280, 375]) {
  test.describe(`API keys at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("a key made in the profile works over the JSON API until it is revoked", async ({ page }) => {
      test.slow();
      const name = `ATS e2e ${width} ${Date.now()}`;
      await login(page, DEMO.agency);
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto("/profile");
      const panel = page.getByRole("region", { name: "Clés d'API" });
      await expect(panel).toBeVisible();

      await panel.getByRole("textbox", { name: /Nom de la clé/ }).fill(name);
      await panel.getByRole("button", { name: "Créer une clé" }).click();
      const shown = panel.getByRole("alert", { name: "Votre nouvelle clé" });
      await expect(shown).toContainText("elle ne sera plus jamais affichée");
      await expect(shown.getByRole("button", { name: "Copier la clé" })).toBeVisible();
      const secret = await shown.getByTestId("api-key-secret").inputValue();
      expect(secret).toMatch(/^tpk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
      const row = panel.getByRole("listitem", { name });
      await expect(row).toContainText(secret.slice(0, 12));
      await expect(row).not.toContainText(secret.slice(13));

      // The key acts for the agency over the JSON API.
      const me = await useKey(page, secret, "/api/auth/me");
      expect(me.status()).toBe(200);
      const body = (await me.json()) as { user: { role: string; agency?: { id: string } }; apiKey: { name: string } };
      expect(body.apiKey.name).toBe(name);
      expect(body.user.role).toBe("agency-admin");
      const agencyId = body.user.agency?.id ?? "";
      expect(agencyId).not.toBe("");
      const agency = await useKey(page, secret, `/api/agency/${agencyId}`);
      expect(agency.status()).toBe(200);
      // It may not manage keys.
      const list = await useKey(page, secret, "/api/api-keys");
      expect(list.status()).toBe(403);
      expect(((await list.json()) as { type: string }).type).toBe("API_KEY_NOT_ALLOWED");

      // Dismissed, the secret is gone from the page; the list shows the key used.
      await shown.getByRole("button", { name: "J'ai copié la clé" }).click();
      await expect(shown).toHaveCount(0);
      await page.reload();
      await expect(row).not.toContainText("Jamais utilisée");
      await expect(panel).not.toContainText(secret.slice(13));

      // Revoked after confirming: refused from the next call on.
      await row.getByRole("button", { name: `Révoquer la clé ${name}` }).click();
      await row.getByRole("button", { name: "Révoquer définitivement" }).click();
      await expect(row).toContainText("Révoquée le");
      const refused = await useKey(page, secret, `/api/agency/${agencyId}`);
      expect(refused.status()).toBe(401);
    });
  });
}
