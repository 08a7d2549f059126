// The shapes a weekly chart is drawn from (WeeklyChart's props). Apart from the component so
// that the lazily loaded drawing and the pure models share them without importing React code.

/** A week: its first moment (a Monday, 00:00 in the candidate's time zone) and the next Monday's. */
export type ChartWeek = { start: Date; end: Date };

/** One line (or bar) of the chart: a value per week, in the weeks' order. */
export type WeeklySeries = { name: string; values: number[]; objective?: number; stack?: string };

export type ChartKind = "line" | "bar";
