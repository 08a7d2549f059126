import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { WeeklyHistorySchema } from "../../gen/tremplin/common/v1/history_pb";
import { historySeries, historyWeeks, streakText } from "./history";

const history = create(WeeklyHistorySchema, {
  weeks: [
    { start: timestampFromDate(new Date("2026-11-15T23:00:00Z")), end: timestampFromDate(new Date("2026-11-22T23:00:00Z")), completedTasks: 2, newContacts: 1, completedInterviews: 1, newApplications: 4 },
    { start: timestampFromDate(new Date("2026-11-22T23:00:00Z")), end: timestampFromDate(new Date("2026-11-29T23:00:00Z")), completedTasks: 5, firstTasks: 3, engagedApplications: 2 },
  ],
  objectives: { newContacts: 5, firstTasks: 2, completedInterviews: 0, engagedApplications: 1 },
  streak: 3,
});

describe("a candidate's last weeks as a chart", () => {
  it("has six series, in order, a value per week", () => {
    expect(historySeries(history).map((s) => [s.name, s.values])).toEqual([
      ["Tâches terminées", [2, 5]],
      ["Entretiens", [1, 0]],
      ["Premières tâches", [0, 3]],
      ["Candidatures engagées", [0, 2]],
      ["Nouveaux contacts", [1, 0]],
      ["Nouvelles candidatures", [4, 0]],
    ]);
  });
  it("gives four of them their weekly objective, and none where the objective is 0", () => {
    expect(Object.fromEntries(historySeries(history).map((s) => [s.name, s.objective]))).toEqual({
      "Tâches terminées": undefined,
      Entretiens: undefined,
      "Premières tâches": 2,
      "Candidatures engagées": 1,
      "Nouveaux contacts": 5,
      "Nouvelles candidatures": undefined,
    });
  });
  it("keeps the weeks' bounds", () => {
    expect(historyWeeks(history)[1]).toEqual({ start: new Date("2026-11-22T23:00:00Z"), end: new Date("2026-11-29T23:00:00Z") });
  });
});

describe("the streak", () => {
  it("is told from two weeks in a row, to the candidate and to the coach", () => {
    expect(streakText(0, "candidate")).toBeUndefined();
    expect(streakText(1, "candidate")).toBeUndefined();
    expect(streakText(2, "candidate")).toBe("2 semaines d'affilée au-dessus de vos objectifs");
    expect(streakText(4, "coach")).toBe("4 semaines d'affilée au-dessus de ses objectifs");
  });
});
