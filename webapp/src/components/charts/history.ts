// A candidate's last weeks (WeeklyHistory, from GetDashboardHistory and the coach view's
// GetCandidateProgress) as a weekly chart: six series, four of them with the weekly objective
// they are measured against, and the streak's sentence.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { WeekFigures, WeeklyHistory, WeeklyObjectives } from "../../gen/tremplin/common/v1/history_pb";
import { historyMessages } from "../../lib/messages/history";
import type { ChartWeek, WeeklySeries } from "./types";

type Figure = keyof typeof historyMessages.series;
type Objective = keyof Pick<WeeklyObjectives, "newContacts" | "firstTasks" | "completedInterviews" | "engagedApplications">;

/** The series in the order the chart, its legend and its table show them, and the objective of each. */
const SERIES: { figure: Figure & keyof WeekFigures; objective?: Objective }[] = [
  { figure: "completedTasks" },
  { figure: "completedInterviews", objective: "completedInterviews" },
  { figure: "firstTasks", objective: "firstTasks" },
  { figure: "engagedApplications", objective: "engagedApplications" },
  { figure: "newContacts", objective: "newContacts" },
  { figure: "newApplications" },
];

export type Audience = "candidate" | "coach";

export function historyWeeks(history: WeeklyHistory): ChartWeek[] {
  return history.weeks.map((w) => ({
    start: w.start ? timestampDate(w.start) : new Date(0),
    end: w.end ? timestampDate(w.end) : new Date(0),
  }));
}

/** The six series; an objective at 0 is no objective (the candidate set none), and draws no line. */
export function historySeries(history: WeeklyHistory): WeeklySeries[] {
  return SERIES.map(({ figure, objective }) => {
    const target = objective && history.objectives ? history.objectives[objective] : 0;
    return {
      name: historyMessages.series[figure],
      values: history.weeks.map((w) => w[figure] as number),
      ...(target > 0 ? { objective: target } : {}),
    };
  });
}

/** « 4 semaines d'affilée au-dessus de vos objectifs », from two weeks on (one is not yet a streak). */
export function streakText(streak: number, audience: Audience): string | undefined {
  return streak >= 2 ? historyMessages[audience].streak(streak) : undefined;
}
