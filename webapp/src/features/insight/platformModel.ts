// What « Suivi de la plateforme » draws, from GetPlatformInsight's answer: the agencies'
// columns, the funnel's and the page views' series, and the screens' French names.
import type { AgencySummary, FunnelWeek, PageViewWeek } from "../../gen/tremplin/insight/v1/insight_pb";
import type { WeeklySeries } from "../../components/charts/WeeklyChart";
import { insightMessages } from "../../lib/messages/insight";
import type { Direction, Sort, SortColumns, SortModel } from "./sort";

const m = insightMessages.platform;

const AGENCY_COLUMNS = ["agency", "candidates", "sharing", "active", "applicationsSent", "interviews", "licences"] as const;
export type AgencyColumn = (typeof AGENCY_COLUMNS)[number];

export function agencyName(a: AgencySummary): string {
  return a.agency?.name ?? "";
}

export const agencyColumns: SortColumns<AgencySummary, AgencyColumn> = {
  agency: agencyName,
  candidates: (a) => a.candidates,
  sharing: (a) => a.sharingCandidates,
  active: (a) => a.activeCandidates,
  applicationsSent: (a) => a.applicationsSent,
  interviews: (a) => a.interviews,
  licences: (a) => a.licencesUsed,
};

const AGENCIES_FIRST_SORT: Sort<AgencyColumn> = { key: "agency", direction: "asc" };

function agencyFirstDirection(key: AgencyColumn): Direction {
  return key === "agency" ? "asc" : "desc";
}

export const agencyTable: SortModel<AgencySummary, AgencyColumn> = { columns: AGENCY_COLUMNS, values: agencyColumns, first: AGENCIES_FIRST_SORT, firstDirection: agencyFirstDirection, tie: agencyName };

/** The B2C trials of each week, side by side. */
export function funnelSeries(funnel: readonly FunnelWeek[]): WeeklySeries[] {
  return [
    { name: m.funnel.started, values: funnel.map((w) => w.trialsStarted) },
    { name: m.funnel.premium, values: funnel.map((w) => w.becamePremium) },
    { name: m.funnel.ended, values: funnel.map((w) => w.trialsEnded) },
  ];
}

/** Each week's page views, stacked by the viewer's kind of account. */
export function pageViewSeries(weeks: readonly PageViewWeek[]): WeeklySeries[] {
  const stack = "views";
  return [
    { name: m.pageViews.anonymous, values: weeks.map((w) => w.anonymous), stack },
    { name: m.pageViews.candidate, values: weeks.map((w) => w.candidate), stack },
    { name: m.pageViews.agencyAdmin, values: weeks.map((w) => w.agencyAdmin), stack },
    { name: m.pageViews.admin, values: weeks.map((w) => w.admin), stack },
  ];
}

/** A route pattern's French screen name; the pattern itself for one the catalogue does not name. */
export function screenName(route: string): string {
  return Object.hasOwn(insightMessages.screens, route) ? insightMessages.screens[route]! : route;
}
