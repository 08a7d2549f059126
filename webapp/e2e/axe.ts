// Accessibility check of the screen on display: no critical or serious axe violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits for the page's finite animations and transitions to end (a button fading from disabled
 * to enabled, a menu fading out): axe measures colours as drawn, and mid-fade they read as low
 * contrast. Endless ones (spinners) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Transitions jump to their end while axe measures: a toast's auto-hide timer can fire during
 * the analysis (a few seconds on a busy machine), and its fade-out would be read as text of low
 * contrast. Jumping to the end, a leaving toast is gone and an arriving one fully drawn.
 */
const NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; }";

/**
 * Adds or removes NO_TRANSITIONS as a constructed style sheet: the page's Content-Security-Policy
 * refuses a <style> tag without its nonce, not a sheet built through the CSSOM.
 */
async function freezeTransitions(page: Page, frozen: boolean): Promise<void> {
  await page.evaluate(
    ([css, on]) => {
      const w = window as typeof window & { __e2eFrozen?: CSSStyleSheet };
      if (on) {
        w.__e2eFrozen = new CSSStyleSheet();
        w.__e2eFrozen.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, w.__e2eFrozen];
      } else {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== w.__e2eFrozen);
      }
    },
    [NO_TRANSITIONS, frozen] as const,
  );
}

/** axe's analysis of the page as drawn once its transitions have ended (of the rules of `tags`, or all). */
export async function analyzeSettled(page: Page, tags?: string[]) {
  await freezeTransitions(page, true);
  try {
    await settleAnimations(page);
    const builder = new AxeBuilder({ page });
    return await (tags ? builder.withTags(tags) : builder).analyze();
  } finally {
    await freezeTransitions(page, false);
  }
}

export async function expectAccessible(page: Page): Promise<void> {
  const results = await analyzeSettled(page);
  const blocking = results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}
