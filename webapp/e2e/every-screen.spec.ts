// Every screen (e2e/screens.ts), at 375 px and 1280 px, for every audience: the
// Content-Security-Policy is never violated (nothing blocked, nothing reported in the console),
// axe finds no critical or serious accessibility problem, and heading levels never skip.
import { analyzeSettled } from "./axe";
import type { Page } from "@playwright/test";
import { audiences, widths } from "./screens";
import { expect, login, test } from "./fixtures";

/** Collects every CSP violation the page reports, from the first byte of every document. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  return seen;
}

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await analyzeSettled(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Headings that skip a level, in reading order: the page starts at its h1 and goes down one
 * level at a time (an h2 may follow an h4, an h4 may not follow an h2). An open dialog is read
 * on its own (the page behind it is hidden), its title an h2 under the page's h1. Hidden
 * headings are not counted.
 */
async function headingSkips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).filter((d) => d.offsetParent !== null || d.getClientRects().length > 0);
    const root: ParentNode = dialogs.at(-1) ?? document;
    let previous = dialogs.length ? 1 : 0;
    const out: string[] = [];
    for (const h of Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]'))) {
      if (h.closest('[aria-hidden="true"]') || h.getClientRects().length === 0) continue;
      const level = Number(h.getAttribute("aria-level") ?? h.tagName.slice(1)) || 2;
      if (level > previous + 1) out.push(`h${level} « ${(h.textContent ?? "").trim().slice(0, 60)} » after h${previous}`);
      previous = level;
    }
    return out;
  });
}

// One page per account, signed in once: every screen is checked at 375 px, then at 1280 px
// (the viewport changes under the same session), so that both widths cost one sign-in.
for (const { account, screens } of audiences) {
  test(`${account ?? "signed out"}: every screen at ${widths.map((w) => w.name).join(" and ")}, no CSP violation, no serious axe finding`, async ({ page }) => {
    // A guard against a hung screen, not a speed check: a loaded 2-core machine needs ~10 s a screen.
    test.setTimeout(60_000 + screens.length * widths.length * 24_000);
    const csp = await watchCsp(page);
    if (account) {
      await login(page, account);
      await expect(page).not.toHaveURL(/\/login/);
    }
    for (const { name, width, height } of widths) {
      await page.setViewportSize({ width, height });
      for (const screen of screens) {
        await test.step(`${screen.name} at ${name}`, async () => {
          await screen.open(page);
          expect(csp, `CSP violations on ${screen.name} at ${name}`).toEqual([]);
          expect(await seriousAxeFindings(page), `axe on ${screen.name} at ${name}`).toEqual([]);
          expect(await headingSkips(page), `heading levels on ${screen.name} at ${name}`).toEqual([]);
        });
      }
    }
  });
}
