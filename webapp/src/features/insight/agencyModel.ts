// What « Suivi de l'agence » says and draws, from GetAgencyInsight's answer: the sentence on
// consent, the charts' series, and the columns of the sharing candidates' table.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { AgencyWeek, AgencyWeekFigures, CandidateInsight, GetAgencyInsightResponse, LicenceWeek } from "../../gen/tremplin/insight/v1/insight_pb";
import type { ChartWeek, WeeklySeries } from "../../components/charts/WeeklyChart";
import { insightMessages } from "../../lib/messages/insight";
import { personNameLastFirst } from "../../lib/names";
import type { Direction, Sort, SortColumns, SortModel } from "./sort";
import { chartWeeks, weekEndingAt } from "./weeks";

const m = insightMessages.agency;

/** The server withholds the anonymous totals while fewer candidates than this do not share. */
export const ANONYMOUS_THRESHOLD = 5;

/**
 * The sentence on consent under the title: how many candidates share their progress, and
 * what happens to the others' figures (in the anonymous totals, or withheld while too few).
 */
export function consentSentence(insight: Pick<GetAgencyInsightResponse, "candidates" | "sharingCandidates" | "weeks">): string {
  const total = insight.candidates;
  const sharing = Math.min(insight.sharingCandidates, total);
  const others = total - sharing;
  if (total === 0) return m.consent.noCandidate;
  if (others === 0) return m.consent.allSharing(total);
  const head = sharing === 0 ? m.consent.noneSharing(total) : m.consent.sharing(sharing, total);
  return `${head} ${hasEveryone(insight.weeks) ? m.consent.othersAnonymous : m.consent.othersWithheld(others)}`;
}

/** The anonymous totals are there (every week has them; the server sends all or none). */
export function hasEveryone(weeks: readonly AgencyWeek[]): boolean {
  return weeks.length > 0 && weeks.every((w) => w.everyone !== undefined);
}

/**
 * The licence weeks as the charts take them: the agency's weeks when they are the same 12
 * (a licence week has only its end), else each end's previous 7 days.
 */
export function licenceWeeks(licences: readonly LicenceWeek[], weeks: readonly AgencyWeek[]): ChartWeek[] {
  if (weeks.length === licences.length) return chartWeeks(weeks);
  return licences.map((l) => weekEndingAt(l.end));
}

export const FIGURES = ["activeCandidates", "applicationsSent", "interviews", "candidatesOnTarget"] as const;
export type Figure = (typeof FIGURES)[number];

/** A figure's series: the sharing candidates', and every candidate's when the answer has them. */
export function figureSeries(weeks: readonly AgencyWeek[], figure: Figure): WeeklySeries[] {
  const value = (f: AgencyWeekFigures | undefined) => f?.[figure] ?? 0;
  const series: WeeklySeries[] = [{ name: m.series.sharing, values: weeks.map((w) => value(w.sharing)) }];
  if (hasEveryone(weeks)) series.push({ name: m.series.everyone, values: weeks.map((w) => value(w.everyone)) });
  return series;
}

/** The licences, stacked: used, pending, remaining (their sum is the agency's total). */
export function licenceSeries(licences: readonly LicenceWeek[]): WeeklySeries[] {
  const stack = "licences";
  return [
    { name: m.licences.used, values: licences.map((l) => l.used), stack },
    { name: m.licences.pending, values: licences.map((l) => l.pending), stack },
    { name: m.licences.remaining, values: licences.map((l) => l.remaining), stack },
  ];
}

const CANDIDATE_COLUMNS = ["name", "lastLogin", "activeWeeks", "weeksOnTarget", "applicationsSent", "interviews"] as const;
export type CandidateColumn = (typeof CANDIDATE_COLUMNS)[number];

/** « MOREL Inès », as the candidates list names them (sorted by last name). */
export function candidateName(c: Pick<CandidateInsight, "firstName" | "lastName">): string {
  return personNameLastFirst(c);
}

export const candidateColumns: SortColumns<CandidateInsight, CandidateColumn> = {
  name: candidateName,
  lastLogin: (c) => (c.lastLoginDate ? timestampDate(c.lastLoginDate).getTime() : undefined),
  activeWeeks: (c) => c.activeWeeks,
  weeksOnTarget: (c) => c.weeksOnTarget,
  applicationsSent: (c) => c.applicationsSent,
  interviews: (c) => c.interviews,
};

const CANDIDATES_FIRST_SORT: Sort<CandidateColumn> = { key: "name", direction: "asc" };

/** Names from A, figures and dates from the largest or latest. */
export function candidateFirstDirection(key: CandidateColumn): Direction {
  return key === "name" ? "asc" : "desc";
}

export const candidateTable: SortModel<CandidateInsight, CandidateColumn> = { columns: CANDIDATE_COLUMNS, values: candidateColumns, first: CANDIDATES_FIRST_SORT, firstDirection: candidateFirstDirection, tie: candidateName };
