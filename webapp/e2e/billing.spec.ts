// The Premium subscription of issue 19 against the real server and the Stripe double
// (bin/stripe-double, started by the global setup), at 375 px and 1280 px: a B2C candidate whose
// trial ended asks for the subscription, is sent to Stripe Checkout (stubbed in the browser: the
// double's Checkout URL is not a real page), pays (the double completes the session and answers
// the event Stripe would send, signed here with the webhook secret), and has Premium in the same
// browser session; /success announces it only for a paid session. At 1280 px the webhook
// arrives before the candidate is back on /success; at 375 px it is late, and /success's
// confirmation records the subscription itself. Each width has its own candidate, and each
// attempt (env.ts): a retry must not find the first try's payment.
import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { BILLING_CANDIDATES, ENV, STRIPE, required } from "./env";
import { attempt, expect, login, nbsp, test } from "./fixtures";

const CONNECT = { "Content-Type": "application/json", "Connect-Protocol-Version": "1" };

type Checkout = { ID: string; Customer: string; ClientReferenceID: string; Subscription: string; Complete: boolean; Form: Record<string, string[]> };

const viewports = [
  { name: "1280 px", width: 1280, height: 800, mobile: false, emails: BILLING_CANDIDATES.desktop, webhookFirst: true },
  { name: "375 px", width: 375, height: 740, mobile: true, emails: BILLING_CANDIDATES.mobile, webhookFirst: false },
] as const;

/** The double's Checkout sessions, oldest first. */
async function checkouts(page: Page): Promise<Checkout[]> {
  const res = await page.request.get(`${required(ENV.stripeDouble)}/_double/checkouts`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Checkout[];
}

/** The candidate pays: the double completes the session; its event goes to the webhook, signed. */
async function pay(page: Page, session: string): Promise<string> {
  const completed = await page.request.post(`${required(ENV.stripeDouble)}/_double/complete`, { data: { session, status: "active" } });
  expect(completed.status(), await completed.text()).toBe(200);
  return completed.text();
}

async function deliverWebhook(page: Page, payload: string): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", STRIPE.webhookSecret).update(`${t}.${payload}`).digest("hex");
  const res = await page.request.post("/api/payment/webhook", {
    data: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${signature}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function shot(page: Page, name: string, target?: ReturnType<Page["locator"]>): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

for (const vp of viewports) {
  test.describe(`subscription at ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    /** Whether the user menu (the burger's overlay on a phone) offers « Abonnement Premium ». */
    async function menuOffersPremium(page: Page): Promise<boolean> {
      if (vp.mobile) {
        await page.getByRole("button", { name: "Ouvrir le menu" }).click();
        const overlay = page.getByRole("dialog", { name: "Menu principal" });
        await expect(overlay.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
        const offered = (await overlay.getByRole("link", { name: "Abonnement Premium" }).count()) > 0;
        await overlay.getByRole("button", { name: "Fermer le menu" }).click();
        await expect(overlay).toBeHidden();
        return offered;
      }
      await page.getByRole("button", { name: "Menu du compte" }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Se déconnecter" })).toBeVisible();
      const offered = (await menu.getByRole("menuitem", { name: "Abonnement Premium" }).count()) > 0;
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      return offered;
    }

    test("a candidate whose trial ended pays through Checkout and has Premium without signing out", async ({ page }) => {
      test.slow();
      // Stripe's pages are not reachable from the tests: the browser gets stubs instead. A
      // route only sees the first request of a redirect chain, so the server's 303 to Checkout
      // (asserted) is followed by a page that goes on to its Location: Checkout's address is
      // then a request of its own, which the stub answers. The portal's 303 is checked and
      // answered there (stripe-mock's portal address is a made-up host).
      await page.route(/^https:\/\/checkout\.stripe\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: '<!doctype html><html lang="fr"><title>Stripe Checkout</title><main><h1>Stripe Checkout</h1></main></html>' }),
      );
      await page.route(/\/api\/payment\/session$/, async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        expect(response.status()).toBe(303);
        const location = response.headers()["location"] ?? "";
        expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
        await route.fulfill({
          status: 200,
          contentType: "text/html",
          body: `<!doctype html><html lang="fr"><head><meta http-equiv="refresh" content="0;url=${location}"><title>Redirection</title></head></html>`,
        });
      });
      let portal = "";
      await page.route(/\/api\/payment\/portal-session$/, async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        expect(response.status()).toBe(303);
        portal = response.headers()["location"] ?? "";
        await route.fulfill({ status: 200, contentType: "text/html", body: '<!doctype html><html lang="fr"><title>Portail Stripe</title><main><h1>Portail Stripe</h1></main></html>' });
      });

      // The ask-payment page, where signing in lands.
      await login(page, attempt(vp.emails));
      await expect(page).toHaveURL(/\/ask-subscription$/);
      await expect(page.getByRole("heading", { level: 1, name: "Votre période d'essai est terminée" })).toBeVisible();
      await expect(page.getByText("La recherche dans vos opportunités")).toBeVisible();
      await expect(page.getByText(/^8\s€$/)).toBeVisible();
      await expect(page.getByText("TTC / mois")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Tremplin en vidéo" })).toBeVisible();
      await expect(page.locator("video[aria-labelledby='tour-title']")).toHaveCount(1);
      const pay$ = page.getByRole("link", { name: "Je m'abonne" });
      await expect(pay$).toHaveAttribute("href", "/api/payment/session");
      await expect(page.getByText("Le paiement en ligne n'est pas configuré sur ce serveur.")).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `ask-subscription-${vp.width}`);
      expect(await menuOffersPremium(page)).toBe(true);

      const me = await page.request.post("/tremplin.auth.v1.AuthService/Me", { data: {}, headers: CONNECT });
      const { user } = (await me.json()) as { user: { id: string; hasPremiumAccess?: boolean } };
      expect(user.hasPremiumAccess ?? false).toBe(false);

      // The payment button sends the browser to the Checkout session the server opened for
      // this candidate, coming back to /success or, cancelled, to /ask-subscription.
      await pay$.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
      const sessionId = new URL(page.url()).pathname.split("/").pop()!;
      const checkout = (await checkouts(page)).find((c) => c.ID === sessionId);
      expect(checkout, `the double made no Checkout session ${sessionId}`).toBeTruthy();
      expect(checkout!.ClientReferenceID).toBe(user.id);
      expect(checkout!.Complete).toBe(false);
      expect(checkout!.Form.success_url?.[0]).toMatch(/\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
      expect(checkout!.Form.cancel_url?.[0]).toMatch(/\/ask-subscription$/);

      const event = await pay(page, sessionId);
      if (vp.webhookFirst) await deliverWebhook(page, event);

      // Stripe sends the browser back: the activation is announced, then the home page.
      await page.goto(`/success?session_id=${sessionId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Merci, votre abonnement est activé${nbsp}!` })).toBeVisible();
      await expect(page.getByRole("timer")).toHaveText(/^Vous allez être redirigé vers l'accueil dans [1-5]\u00a0secondes?\.$/);
      await shot(page, `success-${vp.width}`);
      await expectAccessible(page);
      await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
      await expect(page.getByRole("heading", { level: 1, name: /^Bonjour/ })).toBeVisible();

      // A late webhook finds the subscription recorded already, and is acknowledged all the same.
      if (!vp.webhookFirst) await deliverWebhook(page, event);

      // The same session has Premium: no Premium item in the menu, the premium screens open.
      expect(await menuOffersPremium(page)).toBe(false);
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Mon réseau" })).toBeVisible();
      await expect(page.getByTestId("premium-badge")).toHaveCount(0);
      await page.getByRole("button", { name: "Importer", exact: true }).first().click();
      await expect(page.getByRole("dialog", { name: /Importer des contacts/ })).toBeVisible();
      await expect(page).toHaveURL(/\/contacts$/);

      // The profile's panel: active, renewed next month, managed on Stripe's portal.
      await page.goto("/profile");
      const panel = page.getByRole("region", { name: "Mon abonnement" });
      await expect(panel.getByText("Actif", { exact: true })).toBeVisible();
      await expect(panel.getByText("Prochain renouvellement")).toBeVisible();
      const manage = panel.getByRole("link", { name: "Gérer mon abonnement" });
      await expect(manage).toHaveAttribute("href", "/api/payment/portal-session");
      await expect(panel.getByRole("link", { name: "S'abonner" })).toHaveCount(0);
      await expect(page.getByRole("spinbutton", { name: "Nouveaux contacts, seuil faible" })).toBeEnabled();
      await panel.scrollIntoViewIfNeeded();
      await shot(page, `profile-subscription-${vp.width}`, panel);
      await expectAccessible(page);
      await manage.click();
      await expect(page.getByRole("heading", { level: 1, name: "Portail Stripe" })).toBeVisible();
      expect(portal).toMatch(/^https:\/\//);
    });

    test("/success without a paid session never claims an activation", async ({ page }) => {
      await login(page, attempt(vp.emails));
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto("/success");
      await expect(page.getByRole("heading", { level: 1, name: "Aucun paiement à confirmer" })).toBeVisible();
      await expect(page.getByRole("timer")).toHaveCount(0);
      await expect(page.getByText(/activé/)).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Découvrir Premium" })).toHaveAttribute("href", "/ask-subscription");
      await expectAccessible(page);
      await shot(page, `success-no-session-${vp.width}`);

      // A session that is not the candidate's (or does not exist) is not theirs to confirm.
      await page.goto("/success?session_id=cs_test_999999");
      await expect(page.getByRole("heading", { level: 1, name: "Paiement introuvable" })).toBeVisible();
      await expect(page.getByRole("timer")).toHaveCount(0);
      await expect(page.getByText(/activé/)).toHaveCount(0);
      await expect(page).toHaveURL(/\/success\?session_id=cs_test_999999$/);
    });
  });
}
