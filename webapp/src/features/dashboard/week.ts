// The week picker of the dashboard: which week the address asks for (`?time=` in
// milliseconds), how the week shown is named, and which moment asks for its neighbours. The
// server decides the week (Monday to Monday in the candidate's time zone); the web app only
// names the range it answered and asks for a moment inside the next or previous one.
import { timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import { dashboardMessages } from "../../lib/messages/dashboard";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The largest `time` the server accepts (year 3000). */
const MAX_TIME = 32503680000000;

/** The `time` of the address, or undefined (current week) when absent or not a valid moment. */
export function timeFromSearch(search: URLSearchParams): bigint | undefined {
  const raw = search.get("time");
  if (!raw || !/^\d{1,14}$/.test(raw)) return undefined;
  const ms = Number(raw);
  return ms <= MAX_TIME ? BigInt(ms) : undefined;
}

export type WeekRange = { startMs: number; endMs: number };

export function rangeOf(range: { startDate?: Timestamp; endDate?: Timestamp } | undefined): WeekRange | undefined {
  if (!range?.startDate || !range.endDate) return undefined;
  return { startMs: timestampMs(range.startDate), endMs: timestampMs(range.endDate) };
}

/**
 * A moment inside the week before or after the one shown: the middle of the neighbour, so a
 * week of 167 or 169 hours (daylight saving) never lands on its edge.
 */
export function neighbourTime(range: WeekRange, direction: -1 | 1): number {
  return direction < 0 ? range.startMs - 3.5 * DAY_MS : range.endMs + 3.5 * DAY_MS;
}

/** dd/MM/yyyy of a moment in a time zone (the candidate's, not necessarily the browser's). */
export function dayIn(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("fr-FR", {
    timeZone: timeZone || "Europe/Paris",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")}`;
}

/** « cette semaine » for the current week, « du lundi au dimanche » otherwise. */
export function weekLabel(range: WeekRange, current: boolean, timeZone: string): string {
  if (current) return dashboardMessages.week.current;
  // The range ends at the next Monday 00:00: the last day shown is the Sunday before it.
  return dashboardMessages.week.range(dayIn(range.startMs, timeZone), dayIn(range.endMs - 1, timeZone));
}

/** The address of another screen for the week shown: `time` only when it is not the current week. */
export function withWeek(path: string, range: WeekRange | undefined, current: boolean, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params);
  if (range && !current) search.set("time", String(range.startMs));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
