// What every screen inherits on a phone (issue 9, « Phones » and « Toasts »): tap targets of at
// least 44 × 44 px on every screen of e2e/screens.ts, cards that open their item wherever they
// are tapped, a floating add button that never covers a card's controls, filter menus that fit
// the screen, and toasts that never cover the header or the page's main button.
import type { Locator, Page } from "@playwright/test";
import { settleAnimations } from "./axe";
import { DEMO } from "./env";
import { createContactByApi, expect, login, test, token } from "./fixtures";
import { audiences, widths } from "./screens";

const PHONE = { width: 375, height: 740 };
const TAP = 44;

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every visible control of the page whose hit area is under 44 × 44 CSS px, named as a screen
 * reader would say it. A control smaller than that passes when taps 21 px from its centre, up,
 * down, left and right, still reach it (its label, a link stretched over its card, an invisible
 * margin): the browser's own hit testing decides. Links inside a sentence are held to it too
 * (stricter than WCAG 2.5.8's inline exception: a thumb misses a 17 px link in a line, issue 20),
 * and so are search fields; what is hidden (behind a modal, visually hidden) is left out.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      "button",
      "a[href]",
      "input[type=checkbox]",
      "input[type=radio]",
      "input[type=search]",
      "select",
      "summary",
      "[role=button]",
      "[role=link]",
      "[role=menuitem]",
      "[role=menuitemcheckbox]",
      "[role=menuitemradio]",
      "[role=tab]",
      "[role=checkbox]",
      "[role=radio]",
      "[role=switch]",
      "[role=option]",
    ].join(",");
    const nameOf = (el: Element) => {
      const labelled = el.getAttribute("aria-labelledby");
      const byId = labelled ? document.getElementById(labelled)?.textContent : null;
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
      const text = el.getAttribute("aria-label") ?? byId ?? label ?? el.textContent ?? el.getAttribute("title") ?? "";
      return `${el.getAttribute("role") ?? el.tagName.toLowerCase()} « ${text.replace(/\s+/g, " ").trim().slice(0, 50)} »`;
    };
    const found = new Set<string>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el.closest("[aria-hidden=true], [inert]")) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      // Visually hidden (1 px), or a skip link waiting above the page for the keyboard.
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.bottom + window.scrollY <= 0) continue;
      if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
      // Smaller than 44 px: does a tap 21 px from its centre still reach it (through its label,
      // a layer stretched over its card, an invisible margin)?
      el.scrollIntoView({ block: "center", inline: "nearest" });
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const reach = min / 2 - 1;
      const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? el.closest("label")) : null;
      const reaches = ([x, y]: number[]) => {
        const hit = document.elementFromPoint(x, y);
        return !!hit && (el.contains(hit) || (!!label && label.contains(hit)));
      };
      const probes = [[cx, cy - reach], [cx, cy + reach], [cx - reach, cy], [cx + reach, cy]];
      if (!probes.every(reaches)) found.add(`${nameOf(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    return [...found];
  }, TAP);
}

/**
 * A SearchTagsResponse as the server encodes it (the app speaks binary Connect):
 * `repeated Tag tags = 1`, each `Tag { string id = 1; string name = 2; }`.
 */
function tagsAnswer(names: string[]): Buffer {
  const varint = (n: number) => {
    const out: number[] = [];
    for (; n > 127; n >>>= 7) out.push((n & 127) | 128);
    return [...out, n];
  };
  const field = (no: number, bytes: number[]) => [(no << 3) | 2, ...varint(bytes.length), ...bytes];
  const utf8 = (text: string) => [...Buffer.from(text, "utf8")];
  return Buffer.from(names.flatMap((name, i) => field(1, [...field(1, utf8(String(i))), ...field(2, utf8(name))])));
}

/** Extra states of the list screens at 375 px: their menus open. */
const menus: Record<string, { name: string; open: (page: Page) => Promise<void> }[]> = {
  [DEMO.candidate]: [
    {
      name: "/contacts (menu d'une carte)",
      open: async (page) => {
        await page.goto("/contacts");
        await page.getByTestId("contact-card").first().getByRole("button").first().click();
        await expect(page.getByRole("menu")).toBeVisible();
      },
    },
    {
      name: "/contacts (bouton d'ajout)",
      open: async (page) => {
        await page.goto("/contacts");
        await page.getByRole("button", { name: "Créer", exact: true }).click();
        await expect(page.getByRole("menu")).toBeVisible();
      },
    },
    {
      name: "/contacts (filtre par étiquette)",
      open: async (page) => {
        await page.goto("/contacts");
        await page.getByRole("button", { name: /^Étiquettes/ }).click();
        await expect(page.getByRole("group", { name: "Étiquettes" }).getByRole("checkbox").first()).toBeVisible();
      },
    },
    {
      name: "menu principal",
      open: async (page) => {
        await page.goto("/contacts");
        await page.getByRole("button", { name: "Ouvrir le menu" }).click();
        await expect(page.getByRole("dialog", { name: "Menu principal" })).toBeVisible();
      },
    },
    {
      name: "/activities (menu d'une ligne)",
      open: async (page) => {
        await page.goto("/activities");
        await page.getByRole("button", { name: /^Actions/ }).first().click();
        await expect(page.getByRole("menu")).toBeVisible();
      },
    },
  ],
};

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: PHONE });

  for (const { account, screens } of audiences) {
    test(`${account ?? "signed out"}: every control offers a hit area of at least 44 × 44 px`, async ({ page }) => {
      const extra = menus[account ?? ""] ?? [];
      test.setTimeout(60_000 + (screens.length + extra.length) * 12_000);
      if (account) {
        await login(page, account);
        await expect(page).not.toHaveURL(/\/login/);
      }
      const offenders: string[] = [];
      for (const screen of [...screens, ...extra]) {
        await test.step(screen.name, async () => {
          await screen.open(page);
          await page.waitForLoadState("networkidle");
          await settleAnimations(page); // a menu measured mid-zoom is smaller than it is
          for (const small of await smallTargets(page)) offenders.push(`${screen.name}: ${small}`);
        });
      }
      expect(offenders).toEqual([]);
    });
  }

  /** Taps the card away from its own controls: the bottom-left corner, inside its padding. */
  async function tapCard(card: Locator) {
    const box = (await card.boundingBox())!;
    await card.click({ position: { x: 10, y: box.height - 5 } });
  }

  const cards = [
    { account: DEMO.candidate, list: "/contacts", card: "contact-card", item: /^\/contact\/[0-9a-f-]{36}$/ },
    { account: DEMO.candidate, list: "/activities", card: "task-row", item: /^\/task\/[0-9a-f-]{36}$/ },
    { account: DEMO.candidate, list: "/activities?type=event", card: "event-row", item: /^\/event\/[0-9a-f-]{36}$/ },
    { account: DEMO.agency, list: "/candidates", card: "candidate-card", item: /^\/candidates\/[0-9a-f-]{36}\/progress$/ },
  ];
  for (const { account, list, card, item } of cards) {
    test(`${list}: tapping anywhere on a card opens its item; its menu and the keyboard still work`, async ({ page }) => {
      await login(page, account);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(list);
      const first = page.getByTestId(card).first();
      await expect(first).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The item's link, which the keyboard reaches.
      const link = first.locator("a[href]").filter({ hasNot: page.locator("[href^='tel:'], [href^='mailto:']") }).first();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(item);

      // The card's own menu opens its menu, not the item.
      const menu = first.getByRole("button", { name: /^Actions/ });
      if (await menu.count()) {
        await menu.first().click();
        await expect(page.getByRole("menu")).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toBeHidden();
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(list);
      }

      await tapCard(first);
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
      await page.goBack();
      await expect(first).toBeVisible();

      await link.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    });
  }

  /** Checks the open filter menu: on screen, each label beside its checkbox and inside the menu. */
  async function expectMenuFits(page: Page, name: string) {
    const group = page.getByRole("group", { name });
    await expect(group.getByRole("checkbox").first()).toBeVisible();
    await page.waitForTimeout(350); // the popover's entrance transition
    const paper = (await page.locator(".MuiPopover-paper").filter({ has: group }).boundingBox())!;
    expect(paper.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(paper.x + paper.width, `${name}: right edge`).toBeLessThanOrEqual(PHONE.width);
    expect(paper.y, `${name}: top edge`).toBeGreaterThanOrEqual(0);
    expect(paper.y + paper.height, `${name}: bottom edge`).toBeLessThanOrEqual(PHONE.height);
    const problems = await group.evaluate((root) => {
      const out: string[] = [];
      const box = root.getBoundingClientRect();
      const boxes = Array.from(root.querySelectorAll("label")).map((label) => {
        const text = label.querySelector(".MuiFormControlLabel-label")!;
        const control = label.querySelector(".MuiCheckbox-root")!;
        return { name: text.textContent ?? "", text: text.getBoundingClientRect(), control: control.getBoundingClientRect(), el: text };
      });
      for (const b of boxes) {
        if (b.text.left < b.control.right - 0.5) out.push(`« ${b.name} » overlaps its checkbox`);
        if (b.text.right > box.right + 0.5) out.push(`« ${b.name} » goes past the menu's edge`);
        if (b.el.scrollWidth > b.el.clientWidth + 1) out.push(`« ${b.name} » overflows its line`);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].text;
          const c = boxes[j].text;
          if (a.left < c.right - 0.5 && c.left < a.right - 0.5 && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5) {
            out.push(`« ${boxes[i].name} » and « ${boxes[j].name} » collide`);
          }
        }
      }
      return out;
    });
    expect(problems, name).toEqual([]);
  }

  test("filter menus fit the screen, long labels included", async ({ page }) => {
    await login(page, DEMO.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/contacts");
    await expect(page.getByTestId("contact-card").first()).toBeVisible();
    for (const name of ["Statut", "Étiquettes"]) {
      await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
      await expectMenuFits(page, name);
      await page.keyboard.press("Escape");
    }
    await page.goto("/activities");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of ["Statut", "Moyen", "Priorité"]) {
      const button = page.getByRole("button", { name: new RegExp(`^${name}`) });
      if (!(await button.count())) continue;
      await button.click();
      await expectMenuFits(page, name);
      await page.keyboard.press("Escape");
    }

    // Tags as long as a candidate may write them.
    const long = [
      "Responsables des ressources humaines en région Auvergne-Rhône-Alpes",
      "Ancien collègue",
      "Anciennes et anciens de l'école d'ingénieurs",
      "Salon de l'emploi",
      "Lyon",
      "Recruteur",
      "Entreprises de services du numérique (ESN)",
      "Banque",
    ];
    await page.route(/NetworkService\/SearchTags/, (route) => route.fulfill({ contentType: "application/proto", body: tagsAnswer(long) }));
    await page.goto("/contacts");
    await expect(page.getByTestId("contact-card").first()).toBeVisible();
    await page.getByRole("button", { name: /^Étiquettes/ }).click();
    await expect(page.getByRole("group", { name: "Étiquettes" }).getByRole("checkbox")).toHaveCount(long.length);
    await expectMenuFits(page, "Étiquettes");
  });
});

// The phone layout runs from the smallest phones to 768 px (the cards, the floating button).
for (const vp of [PHONE, { width: 768, height: 1024 }]) {
  test(`at ${vp.width} px, scrolled to the end of the list, the floating add button covers none of the page's controls`, async ({ page }) => {
    await page.setViewportSize(vp);
    await login(page, DEMO.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/contacts");
    await expect(page.getByTestId("contact-card").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const fab = page.getByRole("button", { name: "Créer", exact: true });
    // A long list, and the page scrolled to its very end (the list, its pages, the footer).
    expect(await page.getByTestId("contact-card").count()).toBeGreaterThan(10);
    for (const where of ["page 1", "the last page"]) {
      if (where === "the last page") {
        await page.getByRole("navigation", { name: /pages/i }).getByRole("button").last().click();
        await expect(page.getByTestId("contact-card").first()).toBeVisible();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0); // the page change scrolls to the top
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
      await page.waitForTimeout(100); // scroll applied (no smooth scrolling in the app's CSS)
      const fabBox = (await fab.boundingBox())!;
      const covered = await page.evaluate((f) => {
        const hit: string[] = [];
        const controls = document.querySelectorAll("main a[href], main button, main input, main [role=button], footer a[href], footer button");
        for (const el of Array.from(controls)) {
          if (el.closest("[aria-label='Créer']") || el.getAttribute("aria-label") === "Créer") continue;
          const r = el.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1 || r.bottom < 0 || r.top > window.innerHeight) continue;
          if (r.left < f.x + f.width && f.x < r.right && r.top < f.y + f.height && f.y < r.bottom) {
            hit.push(`${el.tagName.toLowerCase()} « ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)} »`);
          }
        }
        return hit;
      }, fabBox);
      expect(covered, `at the end of ${where}`).toEqual([]);
    }
  });
}

for (const { name, width, height } of widths) {
  test.describe(`toasts at ${name}`, () => {
    test.use({ viewport: { width, height } });

    test("toasts cover neither the header (nor its burger) nor the page's main buttons", async ({ page }) => {
      await login(page, DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login/);
      // A contact of this test's own, which nothing links to: its delete is offered.
      const t = token();
      await createContactByApi(page, { firstName: "Tobie", lastName: `Toast ${t}`, email: `tobie.${t}@exemple.fr` });
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      // Two writes fail: the export, and the delete of that contact. Two toasts (their messages
      // differ: the same one twice is shown once), one above the other.
      const fail = { status: 500, contentType: "application/json", body: JSON.stringify({ code: "internal", message: "boom" }) };
      await page.route(/NetworkService\/(ExportContacts|DeleteContact)/, (route) => route.fulfill(fail));
      // The delete first (its toast comes back to the page as the dialog closes), then the
      // export: both within an error toast's 8 seconds.
      await page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }).fill(t);
      await page.getByRole("button", { name: `Actions pour Tobie TOAST ${t.toUpperCase()}` }).click();
      await page.getByRole("menuitem", { name: "Supprimer" }).click();
      await page.getByRole("dialog", { name: /^Supprimer ce contact/ }).getByRole("button", { name: "Supprimer" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByTestId("toast")).toHaveCount(1);
      await page.getByRole("button", { name: /^Exporter/ }).click();
      await page.getByRole("menuitem", { name: /^Tableur/ }).click();
      await expect(page.getByTestId("toast")).toHaveCount(2);
      await settleAnimations(page); // their entrance transitions, the menu's exit

      const covered = async (name: string, target: Locator) => {
        const box = await target.boundingBox();
        if (!box) return [];
        const over: string[] = [];
        for (const toast of await page.getByTestId("toast").all()) {
          const t = (await toast.boundingBox())!;
          if (intersects(t, box)) over.push(`a toast ${JSON.stringify(t)} over ${name} ${JSON.stringify(box)}`);
        }
        return over;
      };
      const main = page.getByRole("main");
      expect([
        ...(await covered("the header", page.getByRole("banner"))),
        ...(await covered("« Ajouter un contact »", main.getByRole("button", { name: /^Ajouter un contact/ }).first())),
        ...(await covered("« Exporter »", main.getByRole("button", { name: /^Exporter/ }))),
        ...(await covered("« Importer »", main.getByRole("button", { name: /^Importer/ }))),
        // On a phone, the floating add button.
        ...(await covered("« Créer »", page.getByRole("button", { name: "Créer", exact: true }))),
      ]).toEqual([]);
    });
  });
}

// Issue 20: on a phone an activity row says what to do, with whom and how — never cut to
// « Envoi de candidat… ». (Toasts inside an open window: src/components/ModalForms.test.tsx.)
test.describe("activities on a phone (issue 20)", () => {
  test.use({ viewport: PHONE });

  test("/activities: every row's title and detail are read whole", async ({ page }) => {
    await login(page, DEMO.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/activities");
    await expect(page.getByTestId("task-row").first()).toBeVisible();
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll("[data-testid=task-row] a[data-card-link], [data-testid=row-detail]"))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });
});
