import { expect, test as base, type Page } from "@playwright/test";
import { DEMO_PASSWORD, ENV, required } from "./env";

/** Tests run against the server started by the global setup. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(required(ENV.baseURL));
  },
});

export { expect };

/** Fills and sends the login form. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** The signed-in user as the server sees it (same cookies as the page). */
export async function me(page: Page): Promise<{ firstName?: string; email?: string }> {
  const res = await page.request.post("/tremplin.auth.v1.AuthService/Me", {
    data: {},
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user?: { firstName?: string; email?: string } }).user ?? {};
}

/** The links of the main menu, in order. */
export function mainMenuLinks(page: Page) {
  return page.getByRole("navigation", { name: "Menu principal" }).getByRole("link");
}

/** French typography: the non-breaking space the app puts before « ! ? : ; ». */
export const nbsp = "\u00a0";
