// What every screen inherits from the shell and the theme (issue 9), at 375 px and 1280 px:
// the keyboard focus is always visible, a new page opens at its top and Back restores the
// list's position, and a form does not mark a field in error just because focus passed through it.
import type { Page } from "@playwright/test";
import { DEMO } from "./env";
import { expect, test } from "./fixtures";
import { widths } from "./screens";

/** Tabs through the page and lists the controls whose focus shows no clear outline. */
async function controlsWithoutFocusRing(page: Page, presses: number): Promise<string[]> {
  const missing: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const textField = el.matches("input:not([type=checkbox]):not([type=radio]), textarea, select");
      return {
        name: `${el.tagName.toLowerCase()} « ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)} »`,
        // A text field shows focus by its thicker indigo border (MUI's focused outline).
        ring: textField || (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2),
      };
    });
    if (focused && !focused.ring) missing.push(focused.name);
  }
  return missing;
}

for (const { name, width, height } of widths) {
  test.describe(`inherited behaviour at ${name}`, () => {
    test.use({ viewport: { width, height } });

    test("the keyboard focus is visible on every control", async ({ page, signIn }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
      expect(await controlsWithoutFocusRing(page, 8), "on /login").toEqual([]);
      await signIn(DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await controlsWithoutFocusRing(page, 20), "on /contacts").toEqual([]);
    });

    test("a new page opens at its top and Back restores the list where it was", async ({ page, signIn }) => {
      await signIn(DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(bottom, "the list is taller than the screen").toBeGreaterThan(200);
      await page.mouse.wheel(0, bottom);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      const listY = await page.evaluate(() => window.scrollY);

      // The last contact link on screen.
      const links = page.getByRole("main").locator("a[href^='/contact/']");
      const visible = [];
      for (const link of await links.all()) if (await link.isVisible()) visible.push(link);
      const target = visible.at(-1)!;
      await target.scrollIntoViewIfNeeded();
      const beforeClick = await page.evaluate(() => window.scrollY);
      await target.click();
      await expect(page).toHaveURL(/\/contact\//);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/contacts$/);
      await expect
        .poll(() => page.evaluate(() => window.scrollY))
        .toBeGreaterThanOrEqual(Math.min(listY, beforeClick) - 2);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - beforeClick)).toBeLessThanOrEqual(2);
    });

    test("a form validates on submit, then on change; an empty submit focuses the first field", async ({ page }) => {
      await page.goto("/login");
      const email = page.getByLabel("Adresse e-mail");
      await email.focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(page.getByText("Ce champ est obligatoire")).toHaveCount(0);
      await expect(email).not.toHaveAttribute("aria-invalid", "true");

      await page.getByRole("button", { name: "Se connecter" }).click();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toBeFocused();
      // After a submit, the error goes as soon as the field is right.
      await email.fill("candidat@demo.tremplin.fr");
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
    });
  });
}

test.describe("contact cards on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("phones and e-mails on the cards are tel: and mailto: links", async ({ page, signIn }) => {
    await signIn(DEMO.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/contacts");
    const cards = page.getByTestId("contact-card");
    await expect(cards.first()).toBeVisible();
    const mail = cards.locator("a[href^='mailto:']").first();
    const phone = cards.locator("a[href^='tel:']").first();
    await expect(mail).toBeVisible();
    await expect(phone).toBeVisible();
    // The link is the address or number shown, ready to call or write.
    expect(await mail.getAttribute("href")).toBe(`mailto:${(await mail.textContent())?.trim()}`);
    expect(await phone.getAttribute("href")).toBe(`tel:${(await phone.textContent())?.replace(/[\s.-]/g, "")}`);
  });
});
