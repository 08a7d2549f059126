// First loads on a throttled phone-like link (issue 9, « Weight and first load »):
// - signing in goes straight to a stable home: no loading step, no header and footer around an
//   empty middle, and a layout shift of at most 0.02 from « Se connecter » to the home;
// - opening /contacts starts the list's request together with the screen's code, not after it.
// The link is throttled through the DevTools protocol (as scripts/measure-budgets.mjs does):
// 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
import type { CDPSession, Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./env";
import { expect, test } from "./fixtures";

const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", THROTTLE);
  return cdp;
}

test.describe("signing in on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("goes straight to a stable home", async ({ page }) => {
    // Layout shifts (those not caused by input, as CLS counts them) and, at every DOM change
    // once armed, whether a loading indicator or a shell around an empty page is in place.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __armed: boolean; __steps: string[] };
      w.__shift = 0;
      w.__armed = false;
      w.__steps = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (w.__armed && !e.hadRecentInput) w.__shift += e.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
      new MutationObserver(() => {
        if (!w.__armed) return;
        if (document.querySelector('[role="status"][aria-label="Chargement en cours…"]')) w.__steps.push("loading indicator");
        if (document.querySelector("footer") && !document.querySelector("main h1")) w.__steps.push("shell around an empty page");
      }).observe(document, { childList: true, subtree: true });
    });
    await throttle(page);
    await page.goto("/login");
    await page.getByLabel("Adresse e-mail").fill(DEMO.candidate);
    await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await page.evaluate(() => ((window as unknown as { __armed: boolean }).__armed = true));
    await page.getByRole("button", { name: "Se connecter" }).click();

    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: /Bonjour/ })).toBeVisible();
    await expect(page.getByTestId("daily-quote")).toBeVisible();
    // The footer is below the fold: the home fills the phone's screen.
    await expect(page.locator("footer")).not.toBeInViewport();
    await page.waitForLoadState("networkidle");

    const { shift, steps } = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __steps: string[] };
      return { shift: w.__shift, steps: [...new Set(w.__steps)] };
    });
    expect.soft(steps, "steps shown between the login page and the home").toEqual([]);
    expect(shift, "layout shift from « Se connecter » to the home").toBeLessThanOrEqual(0.02);
  });
});

/** Start and end times (DevTools clock, seconds) of every request made from now on. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, { url: string; type?: string; start: number; end?: number }>();
  cdp.on("Network.requestWillBeSent", (e) => requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp }));
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  return () => {
    const all = [...requests.values()];
    const list = all.find((r) => r.url.includes("/tremplin.network.v1.NetworkService/ListContacts"));
    const scripts = all.filter((r) => r.type === "Script" || /\.js$/.test(r.url));
    return { list, scripts };
  };
}

/** The list's request starts while the screen's code is still downloading. */
function expectListWithCode({ list, scripts }: ReturnType<ReturnType<typeof recordRequests>>) {
  expect(list, "the ListContacts request").toBeDefined();
  expect(scripts.length).toBeGreaterThan(0);
  const lastScriptEnd = Math.max(...scripts.map((s) => s.end ?? Infinity));
  const after = scripts.filter((s) => s.start >= list!.start).map((s) => s.url.replace(/.*\//, ""));
  expect(list!.start, `ListContacts starts before the last script of the screen arrives (scripts started after it: ${after.join(", ")})`).toBeLessThan(
    lastScriptEnd,
  );
}

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(DEMO.candidate);
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByTestId("daily-quote")).toBeVisible();
}

test.describe("/contacts loads its data and its code together", () => {
  test("from the main menu, at 1280 px", async ({ page }) => {
    await signIn(page);
    const cdp = await throttle(page);
    const requests = recordRequests(cdp);
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Mon réseau" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Chargement en cours…")).toHaveCount(0);
    expectListWithCode(requests());
  });

  test("opened by its address, at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const cdp = await throttle(page);
    const requests = recordRequests(cdp);
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible({ timeout: 30_000 });
    expectListWithCode(requests());
  });
});
