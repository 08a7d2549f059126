// The answers' weeks (proto Timestamps) as the weekly charts take them (Dates).
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import type { ChartWeek } from "../../components/charts/WeeklyChart";

/** A missing bound reads as the epoch: the server always sends both, a chart never breaks. */
function date(t: Timestamp | undefined): Date {
  return t ? timestampDate(t) : new Date(0);
}

export function chartWeeks(weeks: readonly { start?: Timestamp; end?: Timestamp }[]): ChartWeek[] {
  return weeks.map((w) => ({ start: date(w.start), end: date(w.end) }));
}

/** A week ending at `end` (the licence weeks carry only their end). */
export function weekEndingAt(end: Timestamp | undefined): ChartWeek {
  const last = date(end);
  const start = new Date(last);
  start.setDate(start.getDate() - 7);
  return { start, end: last };
}
