// The insight screens' rules that draw nothing: the consent sentence, the charts' series built
// from the answers, the tables' sorting and the screens' names.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import {
  AgencySummarySchema,
  AgencyWeekSchema,
  CandidateInsightSchema,
  FunnelWeekSchema,
  LicenceWeekSchema,
  PageViewWeekSchema,
  type AgencyWeek,
} from "../../gen/tremplin/insight/v1/insight_pb";
import { candidateColumns, candidateFirstDirection, candidateName, consentSentence, figureSeries, licenceSeries, licenceWeeks } from "./agencyModel";
import { agencyColumns, agencyName, funnelSeries, pageViewSeries, screenName } from "./platformModel";
import { nextSort, sortRows } from "./sort";
import { chartWeeks } from "./weeks";

const nb = "\u00a0";
const MONDAY = new Date("2026-09-07T00:00:00+02:00");
const day = 24 * 60 * 60 * 1000;

/** Week i of 12, from MONDAY; `everyone` only when given. */
function week(i: number, sharing: number, everyone?: number): AgencyWeek {
  const start = new Date(MONDAY.getTime() + i * 7 * day);
  const end = new Date(start.getTime() + 7 * day);
  const figures = (n: number) => ({ activeCandidates: n, applicationsSent: 2 * n, interviews: n % 3, candidatesOnTarget: Math.floor(n / 2) });
  return create(AgencyWeekSchema, {
    start: timestampFromDate(start),
    end: timestampFromDate(end),
    sharing: figures(sharing),
    everyone: everyone === undefined ? undefined : figures(everyone),
  });
}

const twelve = (everyone: boolean) => Array.from({ length: 12 }, (_, i) => week(i, i, everyone ? i + 10 : undefined));

describe("the consent sentence", () => {
  it("counts who shares, and puts the others in the anonymous totals", () => {
    expect(consentSentence({ candidates: 20, sharingCandidates: 12, weeks: twelve(true) })).toBe(
      "12 candidats sur 20 partagent leur suivi. Les autres ne comptent que dans les totaux anonymes.",
    );
  });

  it("says the anonymous totals wait for 5 candidates not sharing", () => {
    expect(consentSentence({ candidates: 7, sharingCandidates: 4, weeks: twelve(false) })).toBe(
      `4 candidats sur 7 partagent leur suivi. Les totaux anonymes de tous les candidats s'affichent à partir de 5 candidats qui ne partagent pas leur suivi (3 aujourd'hui)${nb}: plus tôt, ils permettraient de deviner les chiffres de chacun.`,
    );
  });

  it("agrees in number with one sharing candidate", () => {
    expect(consentSentence({ candidates: 9, sharingCandidates: 1, weeks: twelve(true) })).toMatch(/^1 candidat sur 9 partage son suivi\. Les autres/);
  });

  it("has nothing to say about others when everyone shares", () => {
    expect(consentSentence({ candidates: 6, sharingCandidates: 6, weeks: twelve(false) })).toBe("Les 6 candidats partagent leur suivi.");
  });

  it("says when nobody shares, and when the agency has no candidate", () => {
    expect(consentSentence({ candidates: 8, sharingCandidates: 0, weeks: twelve(true) })).toMatch(/^Aucun des 8 candidats ne partage son suivi\. Les autres/);
    expect(consentSentence({ candidates: 0, sharingCandidates: 0, weeks: twelve(false) })).toBe("L'agence n'a pas encore de candidat.");
  });
});

describe("the agency's series", () => {
  it("take each week's figure of the sharing candidates, oldest first", () => {
    const series = figureSeries(twelve(false), "applicationsSent");
    expect(series).toEqual([{ name: "Candidats qui partagent", values: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22] }]);
  });

  it("add every candidate's totals when the answer has them", () => {
    const series = figureSeries(twelve(true), "activeCandidates");
    expect(series.map((s) => s.name)).toEqual(["Candidats qui partagent", "Tous les candidats"]);
    expect(series[1]!.values).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it("stack the licences: used, pending, remaining", () => {
    const licences = [
      create(LicenceWeekSchema, { used: 3, pending: 1, remaining: 6 }),
      create(LicenceWeekSchema, { used: 4, pending: 0, remaining: 6 }),
    ];
    expect(licenceSeries(licences)).toEqual([
      { name: "Utilisées", values: [3, 4], stack: "licences" },
      { name: "En attente", values: [1, 0], stack: "licences" },
      { name: "Disponibles", values: [6, 6], stack: "licences" },
    ]);
  });

  it("date the weeks from the answer's timestamps", () => {
    const weeks = chartWeeks(twelve(false));
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ start: MONDAY, end: new Date(MONDAY.getTime() + 7 * day) });
    const licences = twelve(false).map((w) => create(LicenceWeekSchema, { end: w.end }));
    expect(licenceWeeks(licences, twelve(false))).toEqual(weeks);
  });
});

describe("the platform's series", () => {
  it("follow the B2C trials week by week", () => {
    const funnel = [create(FunnelWeekSchema, { trialsStarted: 5, becamePremium: 1, trialsEnded: 2 }), create(FunnelWeekSchema, { trialsStarted: 3 })];
    expect(funnelSeries(funnel)).toEqual([
      { name: "Essais démarrés", values: [5, 3] },
      { name: "Passés Premium", values: [1, 0] },
      { name: "Essais terminés sans abonnement", values: [2, 0] },
    ]);
  });

  it("stack the page views by kind of account", () => {
    const views = [create(PageViewWeekSchema, { anonymous: 40, candidate: 120, agencyAdmin: 12, admin: 3 })];
    expect(pageViewSeries(views).map((s) => [s.name, s.values[0], s.stack])).toEqual([
      ["Visiteurs", 40, "views"],
      ["Candidats", 120, "views"],
      ["Admins d'agence", 12, "views"],
      ["Admin plateforme", 3, "views"],
    ]);
  });

  it("name the screens in French, and show an unknown pattern as it is", () => {
    expect(screenName("/contact/:id")).toBe("Fiche d'un contact");
    expect(screenName("/agencies/:id/insight")).toBe("Suivi d'une agence");
    expect(screenName("/nouvel-ecran")).toBe("/nouvel-ecran");
    expect(screenName("toString")).toBe("toString");
  });
});

describe("sorting the sharing candidates", () => {
  const login = (iso: string) => timestampFromDate(new Date(iso));
  const rows = [
    create(CandidateInsightSchema, { id: "1", firstName: "inès", lastName: "Morel", activeWeeks: 9, applicationsSent: 4, interviews: 1, lastLoginDate: login("2026-11-20T09:00:00Z") }),
    create(CandidateInsightSchema, { id: "2", firstName: "Julien", lastName: "Ézé", activeWeeks: 12, applicationsSent: 4, interviews: 3 }),
    create(CandidateInsightSchema, { id: "3", firstName: "Awa", lastName: "Diallo", activeWeeks: 3, applicationsSent: 11, interviews: 0, lastLoginDate: login("2026-11-26T09:00:00Z") }),
  ];
  const ids = (sorted: typeof rows) => sorted.map((r) => r.id).join(",");
  const sort = (key: keyof typeof candidateColumns, direction: "asc" | "desc") => ids(sortRows(rows, candidateColumns, { key, direction }, candidateName));

  it("sorts names by last name the French way (É with E)", () => {
    expect(sort("name", "asc")).toBe("3,2,1");
    expect(sort("name", "desc")).toBe("1,2,3");
    expect(candidateName(rows[0]!)).toBe("MOREL Inès");
  });

  it("sorts figures, ties by name", () => {
    expect(sort("activeWeeks", "desc")).toBe("2,1,3");
    expect(sort("applicationsSent", "desc")).toBe("3,2,1");
    expect(sort("applicationsSent", "asc")).toBe("2,1,3");
  });

  it("puts a candidate who never signed in last, whichever the direction", () => {
    expect(sort("lastLogin", "desc")).toBe("3,1,2");
    expect(sort("lastLogin", "asc")).toBe("1,3,2");
  });

  it("starts figures from the largest, names from A, and reverses on a second click", () => {
    const byName = { key: "name", direction: "asc" } as const;
    expect(nextSort(byName, "interviews", candidateFirstDirection)).toEqual({ key: "interviews", direction: "desc" });
    expect(nextSort(byName, "name", candidateFirstDirection)).toEqual({ key: "name", direction: "desc" });
  });
});

describe("sorting the agencies", () => {
  it("sorts by name or by any figure", () => {
    const rows = [
      create(AgencySummarySchema, { agency: { id: "a", name: "Cap Emploi Lyon" }, candidates: 30, licencesUsed: 20 }),
      create(AgencySummarySchema, { agency: { id: "b", name: "agence Nord" }, candidates: 12, licencesUsed: 25 }),
    ];
    const order = (key: keyof typeof agencyColumns, direction: "asc" | "desc") =>
      sortRows(rows, agencyColumns, { key, direction }, agencyName).map((r) => r.agency!.id).join(",");
    expect(order("agency", "asc")).toBe("b,a");
    expect(order("candidates", "desc")).toBe("a,b");
    expect(order("licences", "desc")).toBe("b,a");
  });
});
