// What a weekly chart shows, as text: the weeks' labels (« 23 nov. »), French numbers, the
// rows of the data table that stands in for the chart (a row per week, a column per series),
// and a week's tooltip.
import { chartMessages as m } from "../../lib/messages/charts";
import { seriesColour } from "./palette";
import type { ChartWeek, WeeklySeries } from "./types";

const dayMonth = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short" });
const numbers = new Intl.NumberFormat("fr-FR");

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/**
 * A week named by its Monday, « 23 nov. ». The week starts on Monday at 00:00 in the
 * candidate's time zone, which may not be the viewer's (a coach elsewhere, a browser set to
 * UTC): read at midday, that moment is still the Monday anywhere from UTC−11 to UTC+12.
 */
export function weekLabel(week: ChartWeek): string {
  return dayMonth.format(new Date(week.start.getTime() + HALF_DAY_MS));
}

export function formatNumber(n: number): string {
  return numbers.format(n);
}

/** A series' value for a week, 0 when the series has none (a shorter array). */
export function valueAt(series: WeeklySeries, week: number): number {
  return series.values[week] ?? 0;
}

/** A series' table heading: its name, with its objective when it has one. */
export function columnLabel(series: WeeklySeries): string {
  return series.objective === undefined ? series.name : m.withObjective(series.name, formatNumber(series.objective));
}

export type TableRow = { week: string; values: string[] };

/** The data table: a row per week (oldest first, as the chart), a formatted value per series. */
export function tableRows(weeks: ChartWeek[], series: WeeklySeries[]): TableRow[] {
  return weeks.map((w, i) => ({ week: m.week(weekLabel(w)), values: series.map((s) => formatNumber(valueAt(s, i))) }));
}

export type WeekSummary = { title: string; lines: { name: string; colour: string; text: string }[] };

/**
 * What the tooltip says of a week: « Semaine du 23 nov. », then each series shown with its
 * value (and its objective), in its colour.
 */
export function weekSummary(weeks: ChartWeek[], series: WeeklySeries[], hidden: ReadonlySet<string>, week: number): WeekSummary {
  return {
    title: weeks[week] ? m.week(weekLabel(weeks[week])) : "",
    lines: series.flatMap((s, index) => {
      if (hidden.has(s.name)) return [];
      const value = formatNumber(valueAt(s, week));
      const text = s.objective === undefined ? m.value(s.name, value) : m.valueOfObjective(s.name, value, formatNumber(s.objective));
      return [{ name: s.name, colour: seriesColour(index), text }];
    }),
  };
}
