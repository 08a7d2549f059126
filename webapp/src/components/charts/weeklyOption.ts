// The ECharts option of a weekly chart, built from its props: pure, so that what is drawn (the
// series, their objectives, the French labels, the accessibility settings) is tested without a
// browser. Loaded with the chart's own chunk (WeeklyEChart.tsx). There is no ECharts tooltip:
// the week's figures on hover are drawn by WeekTooltip.tsx. Nor markLine: an objective is a
// dashed line series of its own. Both would put the chunk over its 160 kB budget
// (docs/web-budgets.md).
import type { ComposeOption } from "echarts/core";
import type { BarSeriesOption, LineSeriesOption } from "echarts/charts";
import type { AriaComponentOption, GridComponentOption } from "echarts/components";
import { chartMessages as m } from "../../lib/messages/charts";
import { AXIS_TEXT, GRID_LINE, seriesColour, seriesSymbol } from "./palette";
import type { ChartKind, ChartWeek, WeeklySeries } from "./types";
import { formatNumber, weekLabel } from "./weeklyModel";

export type WeeklyOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | AriaComponentOption
>;

export type WeeklyOptionInput = {
  description: string;
  weeks: ChartWeek[];
  series: WeeklySeries[];
  kind: ChartKind;
  /** Names of the series the legend has switched off. */
  hidden: ReadonlySet<string>;
  /** prefers-reduced-motion: reduce — nothing moves. */
  reducedMotion: boolean;
};

/** The grid's top margin (room for the objectives' labels), where the tooltip's line starts. */
export const GRID_TOP = 24;

const FONT = '"Inter Variable", Inter, system-ui, sans-serif';

/** The type of a series: a series with a `stack` is a bar (stacked with its group), else the chart's kind. */
export function seriesType(series: WeeklySeries, kind: ChartKind): ChartKind {
  return series.stack ? "bar" : kind;
}

/**
 * The top of the value axis: the highest visible value or objective. ECharts fits the axis to
 * the series' values only, and an objective above them all would fall off the chart.
 */
export function axisMax(series: WeeklySeries[], hidden: ReadonlySet<string>): number {
  let max = 0;
  for (const s of series) {
    if (hidden.has(s.name)) continue;
    for (const v of s.values) max = Math.max(max, v);
    if (s.objective !== undefined) max = Math.max(max, s.objective);
  }
  return max;
}

export function weeklyOption({ description, weeks, series, kind, hidden, reducedMotion }: WeeklyOptionInput): WeeklyOption {
  const labels = weeks.map(weekLabel);
  // A series keeps its colour and marker (its place in `series`) when others are switched off.
  const shown = series.map((s, index) => ({ s, index })).filter(({ s }) => !hidden.has(s.name));
  const hasBars = shown.some(({ s }) => seriesType(s, kind) === "bar");
  const top = axisMax(series, hidden);
  return {
    animation: !reducedMotion,
    aria: { enabled: true, label: { description } },
    textStyle: { fontFamily: FONT, color: AXIS_TEXT },
    // Room for the axes' labels inside the chart's box (the last week's label is centred on the
    // right edge: half of it sticks out), and for the objectives' labels on top.
    grid: { left: 4, right: 24, top: GRID_TOP, bottom: 4, containLabel: true },
    xAxis: {
      type: "category",
      data: labels,
      boundaryGap: hasBars,
      axisLabel: { color: AXIS_TEXT, hideOverlap: true },
      axisLine: { lineStyle: { color: GRID_LINE } },
      axisTick: { show: false },
    },
    yAxis: {
      type: "value",
      minInterval: 1,
      max: (extent: { max: number }) => Math.max(extent.max, top, 1),
      axisLabel: { color: AXIS_TEXT, formatter: (v: number) => formatNumber(v) },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    // The legend is the page's (ChartLegend.tsx, real buttons): what it switches off is left out.
    series: [
      ...shown.map(({ s, index }) => seriesOption(s, index, kind, reducedMotion)),
      ...shown.flatMap(({ s, index }) => (s.objective === undefined ? [] : [objectiveOption(s, s.objective, index, weeks.length, reducedMotion)])),
    ],
  };
}

function seriesOption(s: WeeklySeries, index: number, kind: ChartKind, reducedMotion: boolean): LineSeriesOption | BarSeriesOption {
  const common = { name: s.name, data: s.values, color: seriesColour(index), animation: !reducedMotion };
  if (seriesType(s, kind) === "bar") {
    return { ...common, type: "bar", stack: s.stack, barMaxWidth: 28 };
  }
  return { ...common, type: "line", symbol: seriesSymbol(index), symbolSize: 7, lineStyle: { width: 2 }, emphasis: { focus: "series" } };
}

/** The name of a series' objective line (ECharts' own: the page never shows it). */
export function objectiveName(series: WeeklySeries): string {
  return `${series.name} · ${m.objective}`;
}

/**
 * A series' weekly objective: a dashed line in the series' colour across every week, labelled
 * « Objectif » above its right end. What markLine would draw, without markLine's code.
 */
function objectiveOption(s: WeeklySeries, objective: number, index: number, weeks: number, reducedMotion: boolean): LineSeriesOption {
  const colour = seriesColour(index);
  return {
    type: "line",
    name: objectiveName(s),
    data: Array.from({ length: weeks }, (_, week) =>
      // The label hangs on the last point, which needs a marker to carry it: a 1 px dot.
      week === weeks - 1
        ? {
            value: objective,
            symbol: "circle",
            symbolSize: 1,
            // On a white ground, above the figures' lines (z below): a line crossing the word would make it unreadable.
            label: { show: true, formatter: m.objective, position: "top", align: "right", color: colour, fontWeight: 600, backgroundColor: "rgba(255,255,255,0.9)", padding: [1, 3], borderRadius: 3 },
          }
        : objective,
    ),
    color: colour,
    lineStyle: { type: "dashed", width: 1.5, color: colour },
    symbol: "none",
    silent: true,
    emphasis: { disabled: true },
    // Above the figures' lines, for its label; the dashed line is thin enough not to hide them.
    z: 3,
    animation: !reducedMotion,
  };
}
