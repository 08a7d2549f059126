import { describe, expect, it } from "vitest";
import { SERIES_COLOURS } from "./palette";
import { columnLabel, tableRows, weekLabel, weekSummary } from "./weeklyModel";

/** Monday 23 November 2026, 00:00 in Paris (23:00 UTC the day before), and the next Monday. */
const WEEK = { start: new Date("2026-11-22T23:00:00Z"), end: new Date("2026-11-29T23:00:00Z") };
const NEXT = { start: new Date("2026-11-29T23:00:00Z"), end: new Date("2026-12-06T23:00:00Z") };

describe("the weeks' labels", () => {
  it("name the week by its Monday, in French", () => {
    expect(weekLabel(WEEK)).toBe("23 nov.");
    expect(weekLabel(NEXT)).toBe("30 nov.");
  });
  it("stay on the Monday for a week that starts at midnight in a zone east of the viewer's", () => {
    // Monday 00:00 in Tokyo is Sunday 15:00 UTC.
    expect(weekLabel({ start: new Date("2026-11-22T15:00:00Z"), end: new Date("2026-11-29T15:00:00Z") })).toBe("23 nov.");
  });
});

describe("the data table", () => {
  const series = [
    { name: "Nouveaux contacts", values: [3, 1234], objective: 5 },
    { name: "Nouvelles candidatures", values: [2] },
  ];
  it("has a row per week, oldest first, with each series' value in French, 0 where a series has none", () => {
    expect(tableRows([WEEK, NEXT], series)).toEqual([
      { week: "Semaine du 23 nov.", values: ["3", "2"] },
      { week: "Semaine du 30 nov.", values: ["1\u202f234", "0"] },
    ]);
  });
  it("heads a series' column with its objective when it has one", () => {
    expect(columnLabel(series[0])).toBe("Nouveaux contacts (objectif\u00a0: 5)");
    expect(columnLabel(series[1])).toBe("Nouvelles candidatures");
  });
});

describe("a week's tooltip", () => {
  const series = [
    { name: "Tâches terminées", values: [4, 6] },
    { name: "Nouveaux contacts", values: [1, 3], objective: 5 },
    { name: "Entretiens", values: [0, 1] },
  ];
  it("names the week and gives each series shown its value, with its objective, in its colour", () => {
    expect(weekSummary([WEEK, NEXT], series, new Set(["Entretiens"]), 1)).toEqual({
      title: "Semaine du 30 nov.",
      lines: [
        { name: "Tâches terminées", colour: SERIES_COLOURS[0], text: "Tâches terminées\u00a0: 6" },
        { name: "Nouveaux contacts", colour: SERIES_COLOURS[1], text: "Nouveaux contacts\u00a0: 3 (objectif\u00a0: 5)" },
      ],
    });
  });
});
