// The insight screens in the app (jsdom), as their readers use them: the consent sentence, the
// charts' headings, the sortable tables, the links to a candidate's coach view and to an
// agency's insight, and the states of the call (failed and retried, agency not found, nobody
// sharing).
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { InsightService } from "../../gen/tremplin/insight/v1/insight_pb";
import { candidate, renderApp } from "../../test/harness";
import { serverError } from "../../test/errors";

// The drawing (echarts) is not what these tests read: jsdom lays nothing out.
vi.mock("../../components/charts/WeeklyEChart", () => ({ default: () => <div data-testid="drawn" /> }));

const agencyAdmin = candidate({ role: Role.AGENCY_ADMIN, firstName: "Agnès", lastName: "Dupuis" });
const platformAdmin = candidate({ role: Role.ADMIN, firstName: "Paul", lastName: "Admin" });
const AGENCY_ID = "3a1c1b0e-2222-4222-8222-222222222222";

const weeks = Array.from({ length: 12 }, (_, i) => ({
  start: { seconds: BigInt(1757282400 + i * 604800) },
  end: { seconds: BigInt(1757282400 + (i + 1) * 604800) },
  sharing: { activeCandidates: i, applicationsSent: 2 * i },
  everyone: { activeCandidates: i + 10, applicationsSent: 3 * i },
}));

const answer = {
  agency: { id: AGENCY_ID, name: "Agence Nord" },
  candidates: 20,
  sharingCandidates: 12,
  weeks,
  licences: weeks.map((w) => ({ end: w.end, used: 10, pending: 2, remaining: 8 })),
  sharing: [
    { id: "c-1", firstName: "inès", lastName: "Morel", activeWeeks: 9, weeksOnTarget: 4, applicationsSent: 4, interviews: 1 },
    { id: "c-2", firstName: "Julien", lastName: "Ézé", activeWeeks: 12, weeksOnTarget: 7, applicationsSent: 14, interviews: 3 },
    { id: "c-3", firstName: "Awa", lastName: "Diallo", activeWeeks: 3, weeksOnTarget: 0, applicationsSent: 11, interviews: 0 },
  ],
};

const names = () => screen.getAllByTestId("sharing-row").map((row) => within(row).getByRole("rowheader").textContent);

describe("« Suivi de l'agence » for the agency admin", () => {
  it("says who shares, draws the four charts and the licences, and sorts the sharing candidates", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderApp({
      at: "/insight",
      user: agencyAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getAgencyInsight: (req) => {
            asked.push(req.agencyId);
            return answer;
          },
        }),
    });
    expect(await screen.findByTestId("consent")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Suivi de l'agence" })).toBeTruthy();
    // Their own agency: no id asked for.
    expect(asked.at(-1)).toBe("");
    expect(screen.getByTestId("consent").textContent).toBe("12 candidats sur 20 partagent leur suivi. Les autres ne comptent que dans les totaux anonymes.");
    for (const title of ["Candidats actifs", "Candidatures envoyées", "Entretiens", "Candidats à l'objectif", "Licences"]) {
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
    }
    // Both series in the legend of each figure.
    const active = within(screen.getByTestId("chart-activeCandidates"));
    expect(active.getByRole("button", { name: "Candidats qui partagent" })).toBeTruthy();
    expect(active.getByRole("button", { name: "Tous les candidats" })).toBeTruthy();

    expect(names()).toEqual(["DIALLO Awa", "ÉZÉ Julien", "MOREL Inès"]);
    // (Each order differs from the one before it: a sort that did nothing would be seen.)
    await user.click(screen.getByRole("button", { name: /^Candidatures envoyées/ }));
    expect(names()).toEqual(["ÉZÉ Julien", "DIALLO Awa", "MOREL Inès"]);
    expect(screen.getByTestId("sort-applicationsSent").getAttribute("aria-sort")).toBe("descending");
    await user.click(screen.getByRole("button", { name: /^Semaines actives/ }));
    expect(names()).toEqual(["ÉZÉ Julien", "MOREL Inès", "DIALLO Awa"]);
    await user.click(screen.getByRole("button", { name: /^Semaines actives/ }));
    expect(names()).toEqual(["DIALLO Awa", "MOREL Inès", "ÉZÉ Julien"]);
    expect(screen.getByTestId("sort-activeWeeks").getAttribute("aria-sort")).toBe("ascending");

    const link = screen.getByRole("link", { name: "MOREL Inès, voir sa progression" });
    expect(link.getAttribute("href")).toBe("/candidates/c-1/progress");
  });

  it("says the anonymous totals wait for 5 candidates not sharing, and draws only the sharing series", async () => {
    renderApp({
      at: "/insight",
      user: agencyAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getAgencyInsight: () => ({ ...answer, candidates: 14, weeks: weeks.map((w) => ({ ...w, everyone: undefined })) }),
        }),
    });
    expect(await screen.findByTestId("consent")).toBeTruthy();
    expect(screen.getByTestId("consent").textContent).toMatch(/^12 candidats sur 14 partagent leur suivi\. Les totaux anonymes de tous les candidats s'affichent à partir de 5 candidats qui ne partagent pas leur suivi \(2 aujourd'hui\)/);
    expect(within(screen.getByTestId("chart-interviews")).queryByRole("button", { name: "Tous les candidats" })).toBeNull();
  });

  it("says so when nobody shares, instead of an empty table", async () => {
    renderApp({
      at: "/insight",
      user: agencyAdmin,
      routes: (router) => router.service(InsightService, { getAgencyInsight: () => ({ ...answer, sharingCandidates: 0, sharing: [] }) }),
    });
    expect(await screen.findByText("Aucun candidat ne partage son suivi")).toBeTruthy();
    expect(screen.queryByTestId("sharing-table")).toBeNull();
    expect(screen.getByTestId("consent").textContent).toMatch(/^Aucun des 20 candidats ne partage son suivi\./);
  });

  it("offers to retry a failed call, and shows the answer once it comes", async () => {
    const user = userEvent.setup();
    // The server fails until the reader asks again.
    let failing = true;
    renderApp({
      at: "/insight",
      user: agencyAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getAgencyInsight: () => {
            if (failing) throw serverError(Code.Internal);
            return answer;
          },
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger le suivi de l'agence.");
    expect(screen.queryByTestId("sharing-table")).toBeNull();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByTestId("sharing-table")).toBeTruthy();
  });
});

describe("an agency's insight for the platform admin", () => {
  it("asks for that agency, names it with the way back, and has no coach view to link to", async () => {
    const asked: string[] = [];
    renderApp({
      at: `/agencies/${AGENCY_ID}/insight`,
      user: platformAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getAgencyInsight: (req) => {
            asked.push(req.agencyId);
            return answer;
          },
        }),
    });
    expect(await screen.findByTestId("sharing-table")).toBeTruthy();
    expect(new Set(asked)).toEqual(new Set([AGENCY_ID]));
    expect(document.title).toBe("Suivi de l'agence – Agence Nord – Tremplin");
    const breadcrumb = within(screen.getByRole("navigation", { name: "Fil d'Ariane" }));
    expect(breadcrumb.getByRole("link", { name: "Agences" }).getAttribute("href")).toBe("/agencies");
    expect(breadcrumb.getByText("Agence Nord")).toBeTruthy();
    expect(within(screen.getByTestId("sharing-table")).queryAllByRole("link")).toEqual([]);
  });

  it("says an unknown agency is not found", async () => {
    renderApp({
      at: `/agencies/${AGENCY_ID}/insight`,
      user: platformAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getAgencyInsight: () => {
            throw serverError(Code.NotFound, "NOT_FOUND");
          },
        }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Agence introuvable" })).toBeTruthy();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Agences" }).getAttribute("href")).toBe("/agencies");
  });
});

describe("« Suivi de la plateforme »", () => {
  it("lists the agencies with a link to each one's insight, the charts, and the most viewed screens by name", async () => {
    const user = userEvent.setup();
    renderApp({
      at: "/insight",
      user: platformAdmin,
      routes: (router) =>
        router.service(InsightService, {
          getPlatformInsight: () => ({
            agencies: [
              { agency: { id: "a-1", name: "Agence Nord" }, candidates: 20, sharingCandidates: 12, activeCandidates: 9, applicationsSent: 40, interviews: 6, licencesUsed: 18, licencesTotal: 25 },
              { agency: { id: "a-2", name: "Cap Emploi Lyon" }, candidates: 35, sharingCandidates: 5, activeCandidates: 14, applicationsSent: 22, interviews: 9, licencesUsed: 30, licencesTotal: 30 },
            ],
            funnel: weeks.map((w) => ({ start: w.start, end: w.end, trialsStarted: 4, becamePremium: 1, trialsEnded: 2 })),
            pageViewWeeks: weeks.map((w) => ({ start: w.start, end: w.end, anonymous: 30, candidate: 200, agencyAdmin: 20, admin: 4 })),
            routes: [
              { route: "/contact/:id", views: 812 },
              { route: "/dashboard", views: 540 },
            ],
          }),
        }),
    });
    const agencies = within(await screen.findByTestId("agencies-table"));
    expect(screen.getByRole("heading", { level: 1, name: "Suivi de la plateforme" })).toBeTruthy();
    expect(agencies.getByRole("link", { name: "Agence Nord, voir son suivi" }).getAttribute("href")).toBe("/agencies/a-1/insight");
    expect(agencies.getAllByRole("row")[1]!.textContent).toContain("18 / 25");
    await user.click(agencies.getByRole("button", { name: /^Candidats$/ }));
    expect(agencies.getAllByRole("rowheader").map((c) => c.textContent)).toEqual(["Cap Emploi Lyon", "Agence Nord"]);

    expect(screen.getByRole("heading", { level: 2, name: "Essais B2C" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Pages vues par type de compte" })).toBeTruthy();
    const screens = within(screen.getByTestId("routes-table"));
    expect(screens.getAllByRole("rowheader").map((c) => c.textContent)).toEqual(["Fiche d'un contact/contact/:id", "Tableau de bord/dashboard"]);
    expect(screens.getByText("812")).toBeTruthy();
  });
});
