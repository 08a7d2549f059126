import { describe, expect, it } from "vitest";
import { SERIES_COLOURS } from "./palette";
import { series, weeks } from "../../test/charts";
import { axisMax, weeklyOption, type WeeklyOptionInput } from "./weeklyOption";

const input: WeeklyOptionInput = { description: "Vos semaines.", weeks, series, kind: "line", hidden: new Set(), reducedMotion: false };

type Point = number | { value: number; label: { show: boolean; formatter: string; color: string } };
type Series = { name: string; type: string; data: Point[]; color: string; stack?: string; animation?: boolean; lineStyle?: { type?: string; color?: string } };
const seriesOf = (o: ReturnType<typeof weeklyOption>) => o.series as Series[];

describe("the chart's option", () => {
  it("draws a line per series with its values, in its colour, over the weeks' French labels", () => {
    const o = weeklyOption(input);
    expect((o.xAxis as { data: string[] }).data).toEqual(["16 nov.", "23 nov."]);
    expect(seriesOf(o).slice(0, 2).map((s) => [s.name, s.type, s.data, s.color])).toEqual([
      ["Tâches terminées", "line", [4, 6], SERIES_COLOURS[0]],
      ["Nouveaux contacts", "line", [1, 3], SERIES_COLOURS[1]],
    ]);
  });
  it("draws an objective as a dashed line in its series' colour across the weeks, labelled « Objectif » at its end", () => {
    const objectives = seriesOf(weeklyOption(input)).slice(2);
    expect(objectives.map((s) => s.name)).toEqual(["Nouveaux contacts · Objectif"]);
    const [line] = objectives;
    expect(line.lineStyle).toMatchObject({ type: "dashed", color: SERIES_COLOURS[1] });
    expect(line.data[0]).toBe(5);
    expect(line.data[1]).toMatchObject({ value: 5, label: { show: true, formatter: "Objectif", color: SERIES_COLOURS[1] } });
  });
  it("keeps an objective above every value inside the chart", () => {
    expect(axisMax(series, new Set())).toBe(6);
    expect(axisMax(series, new Set(["Tâches terminées"]))).toBe(5);
    const max = (weeklyOption({ ...input, hidden: new Set(["Tâches terminées"]) }).yAxis as { max: (e: { max: number }) => number }).max;
    expect(max({ max: 3 })).toBe(5);
  });
  it("stacks bars of the same stack", () => {
    const o = weeklyOption({ ...input, kind: "bar", series: series.map((s) => ({ ...s, stack: "all" })) });
    expect(seriesOf(o).map((s) => [s.type, s.stack])).toEqual([
      ["bar", "all"],
      ["bar", "all"],
      // The objective stays a line over the bars.
      ["line", undefined],
    ]);
  });
  it("describes itself to screen readers", () => {
    expect(weeklyOption(input).aria).toEqual({ enabled: true, label: { description: "Vos semaines." } });
  });
  it("leaves out the series the legend switched off, with their objective, the others keeping their colour", () => {
    const o = weeklyOption({ ...input, hidden: new Set(["Tâches terminées"]) });
    expect(seriesOf(o).map((s) => [s.name, s.color])).toEqual([
      ["Nouveaux contacts", SERIES_COLOURS[1]],
      ["Nouveaux contacts · Objectif", SERIES_COLOURS[1]],
    ]);
    expect(seriesOf(weeklyOption({ ...input, hidden: new Set(["Nouveaux contacts"]) })).map((s) => s.name)).toEqual(["Tâches terminées"]);
  });
  it("does not move when the visitor asked for reduced motion", () => {
    expect(weeklyOption(input).animation).toBe(true);
    const still = weeklyOption({ ...input, reducedMotion: true });
    expect(still.animation).toBe(false);
    expect(seriesOf(still).map((s) => s.animation)).toEqual([false, false, false]);
  });
});
