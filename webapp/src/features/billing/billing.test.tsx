// The subscription screens in the app, in jsdom, against an in-memory BillingService: the
// subscription page (its variants and the payment button), /success (one confirmation, the
// activation announced only when paid, the session user read again, the countdown) and the
// Premium item of the user menu.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { BillingService, SubscriptionSchema, type ConfirmCheckoutRequest } from "../../gen/tremplin/billing/v1/billing_pb";
import { Role, UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { expectNever, expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";
import { trialIsOver } from "./access";

const nb = "\u00a0";
const ACTIVATED = `Merci, votre abonnement est activé${nb}!`;

describe("trialIsOver", () => {
  const now = new Date("2026-11-01T10:00:00Z");
  const base = { isB2c: true, hasPremiumAccess: false, hasPaid: false, status: UserStatus.IN_TRIAL_PERIOD };
  it("is true for a B2C candidate without access once the trial ended", () => {
    expect(trialIsOver({ ...base, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD }, now)).toBe(true);
    expect(trialIsOver({ ...base, trialEndDate: timestampFromDate(new Date("2026-10-31T10:00:00Z")) }, now)).toBe(true);
  });
  it("is false while premium access lasts, once paid, or for B2B candidates", () => {
    expect(trialIsOver({ ...base, hasPremiumAccess: true, trialEndDate: timestampFromDate(new Date("2026-11-10")) }, now)).toBe(false);
    expect(trialIsOver({ ...base, hasPaid: true, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD }, now)).toBe(false);
    expect(trialIsOver({ ...base, isB2c: false, status: UserStatus.WITH_EXPIRED_LICENSE }, now)).toBe(false);
  });
});

/** A B2C candidate whose trial ended: no premium, offered the payment page. */
function trialOver(init: Parameters<typeof candidate>[0] = {}): User {
  return candidate({
    isB2c: true,
    hasPremiumAccess: false,
    status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD,
    trialEndDate: timestampFromDate(new Date("2026-10-01T12:00:00Z")),
    ...init,
  });
}

function subscription(init: MessageInitShape<typeof SubscriptionSchema> = {}) {
  return create(SubscriptionSchema, { paymentsAvailable: true, ...init });
}

describe("the subscription page", () => {
  it("offers the payment link, the price, the pitch and the video once the trial ended", async () => {
    const app = renderApp({
      at: "/ask-subscription",
      user: trialOver(),
      routes: (r) => r.service(BillingService, { getSubscription: () => ({ subscription: subscription() }) }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Votre période d'essai est terminée" })).toBeTruthy();
    for (const feature of ["L'import de vos contacts en masse", "La recherche dans vos contacts", "La recherche dans vos activités", "La recherche dans vos opportunités", "Les filtres", "objectifs hebdomadaires"]) {
      expect(screen.getByText(new RegExp(feature))).toBeTruthy();
    }
    expect(screen.getByText(/^8\s€$/)).toBeTruthy();
    expect(screen.getByText("TTC / mois")).toBeTruthy();
    expect(screen.getByText(/^Sans engagement/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Je m'abonne" }).getAttribute("href")).toBe("/api/payment/session");
    // The help page's tour, named by its heading.
    const video = document.querySelector("video");
    expect(video?.getAttribute("aria-labelledby")).toBe("tour-title");
    expect(screen.getByRole("heading", { level: 2, name: "Tremplin en vidéo" })).toBeTruthy();
    expect(video?.querySelector("track")?.getAttribute("srclang")).toBe("fr");
    // Once the server has answered (payment available), no « not configured » notice.
    await waitFor(() => expect(app.calls).toContain("GetSubscription"));
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    await expectNever(() => screen.getByText("Le paiement en ligne n'est pas configuré sur ce serveur."), "the « payment not configured » notice");
    expect(screen.getByRole("link", { name: "Je m'abonne" }).getAttribute("href")).toBe("/api/payment/session");
  });

  it("says plainly that payment is not configured, with a disabled button and no link", async () => {
    renderApp({
      at: "/ask-subscription",
      user: trialOver(),
      routes: (r) => r.service(BillingService, { getSubscription: () => ({ subscription: subscription({ paymentsAvailable: false }) }) }),
    });
    expect(await screen.findByText("Le paiement en ligne n'est pas configuré sur ce serveur.")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Je m'abonne" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("payment-unavailable");
    expect(screen.queryByRole("link", { name: "Je m'abonne" })).toBeNull();
    expect(document.querySelector('a[href="/api/payment/session"]')).toBeNull();
  });

  it("lets a candidate in trial subscribe before the trial ends", async () => {
    renderApp({
      at: "/ask-subscription",
      user: candidate({ isB2c: true, hasPremiumAccess: true, status: UserStatus.IN_TRIAL_PERIOD, trialEndDate: timestampFromDate(new Date("2026-12-24T12:00:00Z")) }),
      routes: (r) => r.service(BillingService, { getSubscription: () => ({ subscription: subscription() }) }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Passez à Tremplin Premium" })).toBeTruthy();
    expect(screen.getByText(/Votre période d'essai gratuite se termine le 24\/12\/2026\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Je m'abonne" }).getAttribute("href")).toBe("/api/payment/session");
  });

  // BillingService is served in both, so that a call to GetSubscription would be recorded (a
  // service the transport does not serve fails before the harness counts the call).
  const billing = (r: ConnectRouter) =>
    r.service(BillingService, { getSubscription: () => ({ subscription: subscription() }) });

  it("tells a paying candidate they subscribed, and leads to their subscription", async () => {
    const app = renderApp({ at: "/ask-subscription", user: candidate({ isB2c: true, hasPaid: true, hasPremiumAccess: true }), routes: billing });
    expect(await screen.findByRole("heading", { level: 1, name: "Vous êtes abonné à Tremplin Premium" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voir mon abonnement" }).getAttribute("href")).toBe("/profile#licence");
    expect(screen.queryByRole("link", { name: "Je m'abonne" })).toBeNull();
    await expectNever(() => expect(app.calls).toContain("GetSubscription"), "a GetSubscription call");
  });

  it("tells a licensed candidate they have Premium already, without asking about a subscription", async () => {
    const app = renderApp({ at: "/ask-subscription", user: candidate(), routes: billing });
    expect(await screen.findByRole("heading", { level: 1, name: "Vous profitez déjà de Premium" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Je m'abonne" })).toBeNull();
    await expectNever(() => expect(app.calls).toContain("GetSubscription"), "a GetSubscription call");
  });
});

describe("the Premium item of the user menu", () => {
  async function menuItems() {
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: /menu du compte$/ }));
    const menu = await screen.findByRole("menu");
    return within(menu).getAllByRole("menuitem").map((i) => i.textContent);
  }

  it("is there for a candidate without premium, and leads to the subscription page", async () => {
    renderApp({ at: "/", user: trialOver(), routes: (r) => r.service(BillingService, { getSubscription: () => ({ subscription: subscription() }) }) });
    const items = await menuItems();
    expect(items).toContain("Abonnement Premium");
    expect(screen.getByRole("menuitem", { name: "Abonnement Premium" }).getAttribute("href")).toBe("/ask-subscription");
  });

  it("is not there for a subscriber, a candidate in trial, or a licensed candidate", async () => {
    for (const user of [
      candidate({ isB2c: true, hasPaid: true, hasPremiumAccess: true }),
      candidate({ isB2c: true, hasPremiumAccess: true, status: UserStatus.IN_TRIAL_PERIOD }),
      candidate(),
    ]) {
      renderApp({ at: "/", user });
      expect(await menuItems()).not.toContain("Abonnement Premium");
      cleanup();
    }
  });

  it("is not there for staff", async () => {
    renderApp({ at: "/", user: candidate({ role: Role.AGENCY_ADMIN, hasPremiumAccess: false }) });
    expect(await menuItems()).not.toContain("Abonnement Premium");
  });
});

describe("the payment success page", () => {
  afterEach(() => vi.useRealTimers());

  /**
   * /success against a server where `confirm` answers ConfirmCheckout; the session user becomes
   * a subscriber once a confirmation says the subscription is paid (as the server records it).
   */
  function renderSuccess(at: string, confirm: (req: ConfirmCheckoutRequest) => Promise<{ subscription: ReturnType<typeof subscription> }> | { subscription: ReturnType<typeof subscription> }) {
    let user = trialOver();
    const requests: ConfirmCheckoutRequest[] = [];
    const app = renderApp({
      at,
      user,
      auth: { me: () => ({ user }) },
      routes: (r) =>
        r.service(BillingService, {
          confirmCheckout: async (req) => {
            requests.push(req);
            const res = await confirm(req);
            if (res.subscription.hasPaid) user = trialOver({ hasPaid: true, hasPremiumAccess: true });
            return res;
          },
          getSubscription: () => ({ subscription: subscription() }),
        }),
    });
    return { app, requests };
  }

  const meCalls = (calls: string[]) => calls.filter((c) => c === "Me").length;

  it("confirms the session once, announces the activation, refreshes the session user and counts down to the home page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { app, requests } = renderSuccess("/success?session_id=cs_test_42", () => ({ subscription: subscription({ hasPaid: true, status: "active", canManage: true }) }));
    expect(await screen.findByRole("heading", { level: 1, name: ACTIVATED })).toBeTruthy();
    expect(requests.map((r) => r.sessionId)).toEqual(["cs_test_42"]);
    // The session user is read again: Premium shows without signing out.
    await waitFor(() => expect(meCalls(app.calls)).toBe(2));
    expect(screen.getByRole("timer").textContent).toBe(`Vous allez être redirigé vers l'accueil dans 5${nb}secondes.`);
    expect(screen.getByRole("timer").getAttribute("aria-live")).toBe("off");
    // Screen readers hear the redirection once; the ticking timer is not live.
    const status = screen.getAllByRole("status").find((s) => s.textContent?.includes("redirigé"));
    expect(status?.textContent).toBe(`Vous allez être redirigé vers l'accueil dans 5${nb}secondes.`);
    for (let i = 0; i < 4; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer").textContent).toBe(`Vous allez être redirigé vers l'accueil dans 1${nb}seconde.`);
    expect(status?.textContent).toBe(`Vous allez être redirigé vers l'accueil dans 5${nb}secondes.`);
    expect(app.location()).toBe("/success");
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(app.location()).toBe("/"));
    // Never asked again, and the menu has no Premium item any more.
    expect(requests).toHaveLength(1);
    vi.useRealTimers();
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: /menu du compte$/ }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("menuitem", { name: "Abonnement Premium" })).toBeNull();
  });

  it("shows that it is confirming, busy, until the server answers", async () => {
    let answer: (v: { subscription: ReturnType<typeof subscription> }) => void = () => {};
    renderSuccess("/success?session_id=cs_test_7", () => new Promise((resolve) => (answer = resolve)));
    const progress = await screen.findByRole("progressbar", { name: "Confirmation de votre paiement…" });
    expect(progress.closest("[aria-busy='true']")).not.toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Confirmation de votre paiement…" })).toBeTruthy();
    expect(screen.queryByText(/activé/)).toBeNull();
    act(() => answer({ subscription: subscription({ hasPaid: true, status: "active" }) }));
    expect(await screen.findByRole("heading", { level: 1, name: ACTIVATED })).toBeTruthy();
    expect(document.querySelector("[aria-busy='true']")).toBeNull();
  });

  it("does not claim an activation when the session is not paid, and does not count down", async () => {
    const { app, requests } = renderSuccess("/success?session_id=cs_test_8", () => ({ subscription: subscription({ hasPaid: false, status: "", canManage: true }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Paiement en attente de confirmation" })).toBeTruthy();
    expect(screen.queryByText(/activé/)).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.getByRole("link", { name: "Voir mon abonnement" }).getAttribute("href")).toBe("/profile#licence");
    expect(screen.getByRole("link", { name: "Découvrir Premium" }).getAttribute("href")).toBe("/ask-subscription");
    expect(requests).toHaveLength(1);
    expect(meCalls(app.calls)).toBe(1);
  });

  it("says a session that is not the candidate's is unknown, without the generic error toast", async () => {
    const { requests } = renderSuccess("/success?session_id=cs_test_someone_else", () => {
      throw serverError(Code.NotFound, "NOT_FOUND", "Paiement introuvable.");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Paiement introuvable" })).toBeTruthy();
    expect(screen.queryByText(/activé/)).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
    await expectNoGenericError();
    expect(requests).toHaveLength(1);
  });

  it("does not call the server for a malformed session id", async () => {
    const { requests } = renderSuccess("/success?session_id=%3Cscript%3E", () => ({ subscription: subscription({ hasPaid: true }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Paiement introuvable" })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("without a session id, says there is nothing to confirm and leads to the subscription page and the profile", async () => {
    const { app, requests } = renderSuccess("/success", () => ({ subscription: subscription({ hasPaid: true }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Aucun paiement à confirmer" })).toBeTruthy();
    expect(screen.queryByText(/activé/)).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.getByRole("link", { name: "Découvrir Premium" }).getAttribute("href")).toBe("/ask-subscription");
    expect(screen.getByRole("link", { name: "Voir mon abonnement" }).getAttribute("href")).toBe("/profile#licence");
    expect(requests).toHaveLength(0);
    expect(app.calls).not.toContain("ConfirmCheckout");
  });

  it("after a failure, asks again only when the candidate says so", async () => {
    let fail = true;
    const { requests } = renderSuccess("/success?session_id=cs_test_9", () => {
      if (fail) throw new ConnectError("Stripe injoignable", Code.Unavailable);
      return { subscription: subscription({ hasPaid: true, status: "active" }) };
    });
    expect(await screen.findByRole("heading", { level: 1, name: "La confirmation de votre paiement a échoué" })).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(requests).toHaveLength(1);
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { level: 1, name: ACTIVATED })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });
});
