import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, request, test as base, type Cookie, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD, ENV, required } from "./env";

/** Opens the account's start page signed in with the worker's session (see `test` below). */
export type SignIn = (email: string, password?: string) => Promise<void>;

/** The session cookies of an account, signed in once per worker (see `signIn`). */
type Sessions = (email: string, password: string) => Promise<Cookie[]>;

/**
 * Tests run against the server started by the global setup.
 *
 * `signIn(email)` opens the account's start page already signed in: the worker signs each
 * account in once through the API and every test of the worker reuses that session's cookie,
 * instead of loading and filling the login form each time. Only for tests that neither sign
 * out (Logout ends the session on the server, for every test sharing it), nor change the
 * password (which ends every session of the account), nor test the login or password links
 * themselves: those use `login(page, email)`, a fresh sign-in through the form.
 */
export const test = base.extend<{ signIn: SignIn; retryCheck: void }, { sessions: Sessions }>({
  // TREMPLIN_E2E_RETRY_CHECK=1: every test's first try fails once it has run, so that the test
  // passes only if its retry does, against the data its first try left (webapp/README.md).
  retryCheck: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, info) => {
      await use();
      if (process.env.TREMPLIN_E2E_RETRY_CHECK && info.retry === 0) throw new Error("TREMPLIN_E2E_RETRY_CHECK: the first try fails, the retry must pass");
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(required(ENV.baseURL));
  },
  sessions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const baseURL = required(ENV.baseURL);
      const signedIn = new Map<string, Promise<Cookie[]>>();
      await use((email, password) => {
        let cookies = signedIn.get(email);
        if (!cookies) {
          cookies = (async () => {
            const api = await request.newContext({ baseURL });
            try {
              const res = await api.post("/tremplin.auth.v1.AuthService/Login", {
                data: { email, password },
                headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
              });
              if (!res.ok()) throw new Error(`signing ${email} in answered ${res.status()}: ${await res.text()}`);
              return (await api.storageState()).cookies;
            } finally {
              await api.dispose();
            }
          })();
          // A refused sign-in is not kept: the next test asks again and reports its own error.
          cookies.catch(() => signedIn.delete(email));
          signedIn.set(email, cookies);
        }
        return cookies;
      });
    },
    { scope: "worker" },
  ],
  signIn: async ({ page, sessions }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      await page.context().addCookies(await sessions(email, password));
      await page.goto("/");
    });
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

/** Eight random letters: names and e-mails of one test run (letters only: a last name keeps no digit). */
export function token(): string {
  let out = "";
  while (out.length < 8) out += Math.random().toString(36).replace(/[^a-z]/g, "");
  return out.slice(0, 8);
}

/** The item of a per-attempt list (env.ts) for this attempt of the running test: a retry gets
 * the next, for data the first try may have used up (a single-use link, a paid subscription). */
export function attempt<T>(items: readonly T[]): T {
  const { retry } = test.info();
  if (retry >= items.length) throw new Error(`attempt ${retry + 1}: only ${items.length} prepared by the global setup (env.ts)`);
  return items[retry];
}

/** Calls an RPC over Connect's JSON with the page's session (a path such as
 * "/tremplin.network.v1.NetworkService/CreateContact") and answers its JSON; anything but 200
 * fails the test with the server's answer. */
export async function rpc<T = unknown>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, {
    data,
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The ids of the signed-in candidate's contacts named exactly so (the last name as stored, in
 * capitals). */
export async function contactIdsNamed(page: Page, first: string, last: string): Promise<string[]> {
  const { contacts } = await rpc<{ contacts?: { id: string; firstName: string; lastName: string }[] }>(
    page, "/tremplin.network.v1.NetworkService/ListContacts", { search: last });
  return (contacts ?? []).filter((c) => c.firstName === first && c.lastName === last).map((c) => c.id);
}

/** Creates a contact through the API, with the page's session. */
export async function createContactByApi(page: Page, contact: Record<string, unknown>): Promise<{ id: string }> {
  return (await rpc<{ contact: { id: string } }>(page, "/tremplin.network.v1.NetworkService/CreateContact", { contact })).contact;
}

/** The toast with this text (others may be on screen too). */
export function toast(page: Page, text: string) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/** Picks `option` in the select or combobox named `field` inside `scope` (a dialog, a form). */
export async function choose(page: Page, scope: Locator, field: RegExp, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  // The menu fades out, hidden from assistive technologies but still drawn: axe run during the
  // fade sees half-transparent options (low contrast). Wait until it is gone from the page.
  await expect(page.locator('ul[role="listbox"]')).toHaveCount(0);
}

/** With TREMPLIN_E2E_SHOTS=1, a full-page screenshot in webapp/screenshots/ (for review). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.TREMPLIN_E2E_SHOTS) return;
  const dir = resolve(import.meta.dirname, "../screenshots");
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400); // let transitions end, for the picture only
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * With TREMPLIN_E2E_SHOTS naming a folder, a full-page screenshot in that folder (the activity
 * and application journeys; `shot` above takes the variable as a switch instead).
 */
export async function shotInto(page: Page, name: string): Promise<void> {
  const dir = process.env.TREMPLIN_E2E_SHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
