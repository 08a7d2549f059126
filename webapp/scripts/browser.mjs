// What the scripts share: Debian's headless Chromium (never a downloaded browser), launched
// with the end-to-end suite's settings, and signing in as a demo account.
import { chromium } from "@playwright/test";

export const DEMO_PASSWORD = "Tremplin-demo-2026";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Debian's Chromium, headless; `args` are added to the usual ones. */
export function launchChromium(args = []) {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: [...ARGS, ...args] });
}

/** Signs in on `base`'s login page and waits until the app has left /login. */
export async function login(page, base, email, password = DEMO_PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}
