// The profile's subscription panel, in jsdom, against an in-memory BillingService: a B2C
// candidate's subscription in French (status, renewal or end, the portal, the way to subscribe,
// the trial), a panel that cannot load says so; a B2B candidate's licence as before; an agency
// admin's licence counts, or that they could not be read.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { AgencySchema, AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { BillingService, SubscriptionSchema } from "../../gen/tremplin/billing/v1/billing_pb";
import { LicenseSchema, Role, UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { setGlobalErrorHandler } from "../../lib/queryClient";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";
import { AgencyLicencesSection, LicenceSection } from "./LicenceSection";

const AGENCY_ID = "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f";
const noon = (day: string) => timestampFromDate(new Date(`${day}T12:00:00Z`));

function b2c(init: Parameters<typeof candidate>[0] = {}): User {
  return candidate({ isB2c: true, hasPremiumAccess: false, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD, ...init });
}

function renderPanel(user: User, sub: MessageInitShape<typeof SubscriptionSchema> | (() => never)) {
  const app = renderApp({
    at: "/profile",
    user,
    ui: <LicenceSection user={user} />,
    routes: (r) =>
      r.service(BillingService, {
        getSubscription: () => (typeof sub === "function" ? sub() : { subscription: create(SubscriptionSchema, { paymentsAvailable: true, ...sub }) }),
      }),
  });
  return { app, panel: () => screen.getByRole("region", { name: "Mon abonnement" }) };
}

/** The panel's facts, « term: value ». */
function facts(panel: HTMLElement): string[] {
  return [...panel.querySelectorAll("dt")].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
}

describe("the subscription panel of a B2C candidate", () => {
  it("shows an active subscription, its next renewal and the portal", async () => {
    const { panel } = renderPanel(b2c({ hasPaid: true, hasPremiumAccess: true }), {
      hasPaid: true,
      status: "active",
      currentPeriodEnd: noon("2026-12-24"),
      canManage: true,
    });
    await waitFor(() => expect(facts(panel())).toEqual(["Statut: Actif", "Prochain renouvellement: 24/12/2026"]));
    expect(within(panel()).getByText("Vous êtes abonné à Tremplin Premium.")).toBeTruthy();
    const manage = within(panel()).getByRole("link", { name: "Gérer mon abonnement" });
    expect(manage.getAttribute("href")).toBe("/api/payment/portal-session");
    expect(within(panel()).queryByRole("link", { name: "S'abonner" })).toBeNull();
  });

  it("shows the end of a subscription cancelled at the end of its period", async () => {
    const { panel } = renderPanel(b2c({ hasPaid: true, hasPremiumAccess: true }), {
      hasPaid: true,
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: noon("2027-01-15"),
      canManage: true,
    });
    await waitFor(() => expect(facts(panel())).toEqual(["Statut: Actif", "Se termine le: 15/01/2027"]));
    expect(panel().textContent).toContain("vous gardez Premium jusqu'au 15/01/2027");
    expect(within(panel()).getByRole("link", { name: "Gérer mon abonnement" })).toBeTruthy();
  });

  it("says that the last payment failed while Stripe retries", async () => {
    const { panel } = renderPanel(b2c({ hasPaid: true, hasPremiumAccess: true }), {
      hasPaid: true,
      status: "past_due",
      currentPeriodEnd: noon("2026-12-01"),
      canManage: true,
    });
    await waitFor(() => expect(facts(panel())[0]).toBe("Statut: Paiement en attente"));
    expect((await within(panel()).findByRole("alert")).textContent).toMatch(/^Votre dernier paiement a échoué, Stripe réessaie\./);
    expect(within(panel()).getByRole("link", { name: "Gérer mon abonnement" })).toBeTruthy();
  });

  it("shows a cancelled subscription, its end, the portal and the way to subscribe again", async () => {
    const { panel } = renderPanel(b2c(), { hasPaid: false, status: "canceled", currentPeriodEnd: noon("2026-10-31"), canManage: true });
    await waitFor(() => expect(facts(panel())).toEqual(["Statut: Résilié", "Terminé le: 31/10/2026"]));
    expect(within(panel()).getByRole("link", { name: "Gérer mon abonnement" })).toBeTruthy();
    expect(within(panel()).getByRole("link", { name: "S'abonner" }).getAttribute("href")).toBe("/ask-subscription");
  });

  it("shows the trial's end and the way to subscribe, without a portal to open", async () => {
    const user = b2c({ hasPremiumAccess: true, status: UserStatus.IN_TRIAL_PERIOD, trialEndDate: noon("2026-12-05") });
    const { panel } = renderPanel(user, { hasPaid: false, status: "", canManage: false });
    await waitFor(() => expect(facts(panel())).toEqual(["Statut: Période d'essai", "Fin de l'essai: 05/12/2026"]));
    expect(panel().textContent).toContain("Période d'essai gratuite jusqu'au 05/12/2026.");
    expect(within(panel()).getByRole("link", { name: "S'abonner" }).getAttribute("href")).toBe("/ask-subscription");
    expect(within(panel()).queryByRole("link", { name: "Gérer mon abonnement" })).toBeNull();
  });

  it("says the trial is over and offers the subscription", async () => {
    const { panel } = renderPanel(b2c(), { hasPaid: false, status: "", canManage: false });
    await waitFor(() => expect(facts(panel())).toEqual(["Statut: Essai terminé"]));
    expect(panel().textContent).toContain("Votre période d'essai est terminée.");
    expect(within(panel()).getByRole("link", { name: "S'abonner" })).toBeTruthy();
  });

  it("says so when the subscription cannot be read, and reads it again on demand", async () => {
    let fail = true;
    const user = b2c();
    renderApp({
      at: "/profile",
      user,
      ui: <LicenceSection user={user} />,
      routes: (r) =>
        r.service(BillingService, {
          getSubscription: () => {
            if (fail) throw new ConnectError("réseau", Code.Unavailable);
            return { subscription: create(SubscriptionSchema, { paymentsAvailable: true, status: "active", hasPaid: true, canManage: true }) };
          },
        }),
    });
    const error = await screen.findByTestId("load-error");
    expect(error.textContent).toContain("Impossible de charger votre abonnement.");
    expect(screen.queryByText("Statut")).toBeNull();
    fail = false;
    await userEvent.setup().click(within(error).getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("link", { name: "Gérer mon abonnement" })).toBeTruthy();
  });
});

describe("the licence panel of a B2B candidate", () => {
  it("shows the licence, without asking about a subscription", async () => {
    const user = candidate({
      license: create(LicenseSchema, { activationDate: noon("2026-01-10"), expirationDate: noon("2027-01-10") }),
    });
    const { app } = renderPanel(user, { hasPaid: false });
    const panel = await screen.findByRole("region", { name: "Ma licence" });
    expect(facts(panel)).toEqual(["Statut: Licence valide", "Activée le: 10/01/2026", "Expire le: 10/01/2027"]);
    expect(app.calls).not.toContain("GetSubscription");
  });
});

describe("the licence counts of an agency admin's agency", () => {
  it("says so when the agency cannot be read, without the generic toast, and reads it again on demand", async () => {
    let fail = true;
    // The app's handling of refused calls: the panel takes this one on itself.
    const reported: unknown[] = [];
    const restore = setGlobalErrorHandler((error) => reported.push(error));
    try {
      renderApp({
        at: "/profile",
        user: candidate({ role: Role.AGENCY_ADMIN, agency: { id: AGENCY_ID, name: "Agence Nord" } }),
        ui: <AgencyLicencesSection agencyId={AGENCY_ID} />,
        routes: (r) =>
          r.service(AgencyService, {
            getAgency: () => {
              if (fail) throw serverError(Code.Internal);
              return { agency: create(AgencySchema, { id: AGENCY_ID, name: "Agence Nord", numTotalLicenses: 5, numUsedLicenses: 1, numPendingLicenses: 1, numRemainingLicenses: 3 }) };
            },
          }),
      });
      const panel = screen.getByRole("region", { name: "Licences de mon agence" });
      const error = await within(panel).findByTestId("load-error");
      expect(error.textContent).toContain("Impossible de charger les licences de votre agence.");
      // No count waits for an answer that will not come.
      expect(within(panel).queryAllByTestId("licence-count")).toEqual([]);
      expect(reported).toEqual([]);
      fail = false;
      await userEvent.setup().click(within(error).getByRole("button", { name: "Réessayer" }));
      await waitFor(() => expect(facts(panel)).toEqual(["Licences achetées: 5", "Utilisées: 1", "En attente: 1", "Disponibles: 3"]));
      expect(within(panel).queryByTestId("load-error")).toBeNull();
    } finally {
      restore();
    }
  });
});
