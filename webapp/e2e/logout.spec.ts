import { DEMO } from "./env";
import { expect, login, test } from "./fixtures";

test("logout ends the session and goes to the login page", async ({ page }) => {
  await login(page, DEMO.candidate);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Menu du compte" }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The server forgot the session too: a reload stays signed out.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  const res = await page.request.post("/tremplin.auth.v1.AuthService/Me", {
    data: {},
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
  });
  expect(res.status()).toBe(401);
});

test("logout goes to the login page even when the call fails", async ({ page }) => {
  await login(page, DEMO.agency);
  await expect(page).toHaveURL(/\/candidates$/);
  await page.route("**/tremplin.auth.v1.AuthService/Logout", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Menu du compte" }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Bon retour parmi nous" })).toBeVisible();
});
