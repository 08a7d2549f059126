import { DEMO } from "./env";
import { expect, login, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 } });

// Signs out at the end: its own session, never the worker's shared one.
test("at 375 px the menu is a burger opening an overlay navigation", async ({ page }) => {
  await login(page, DEMO.candidate);
  await expect(page).toHaveURL(/\/$/);
  // No inline menu: a burger instead.
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toHaveCount(0);
  const burger = page.getByRole("button", { name: "Ouvrir le menu" });
  await expect(burger).toBeVisible();
  await burger.click();

  const overlay = page.getByRole("dialog", { name: "Menu principal" });
  await expect(overlay).toBeVisible();
  const box = await overlay.boundingBox();
  expect(box?.width).toBe(375); // covers the whole screen
  const nav = overlay.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.getByRole("link")).toHaveText(["Tableau de bord", "Mon réseau", "Activités", "Opportunités"]);
  await expect(overlay.getByRole("link", { name: "Mon profil" })).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Abonnement Premium" })).toHaveCount(0);

  await nav.getByRole("link", { name: "Mon réseau" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(overlay).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();

  // Close button, then logout from the overlay.
  await burger.click();
  await page.getByRole("button", { name: "Fermer le menu" }).click();
  await expect(overlay).toBeHidden();
  await burger.click();
  await overlay.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the layout switches to the burger when the window narrows (debounced)", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(DEMO.agency);
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toHaveCount(0);
});
