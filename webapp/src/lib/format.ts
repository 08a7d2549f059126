// Dates and times as the product shows them: dd/MM/yyyy and HH:mm, French locale.
import { format, isValid, parse } from "date-fns";
import { fr } from "date-fns/locale/fr";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "HH:mm";

/** A day as forms hold it (the value a native date input would have): yyyy-MM-dd, "" when empty. */
/**
 * What a day or time form value holds while its picker shows something that is no whole, real
 * date or time (« 31/02/2027 », « 12/03/20 », « 14:– »): not "", so that the form says the
 * format is wrong rather than take the field for empty — and save nothing in an optional one.
 */
export const UNREADABLE = "unreadable";

export const DAY_VALUE_FORMAT = "yyyy-MM-dd";

export function dayValue(d: Date): string {
  return format(d, DAY_VALUE_FORMAT);
}

/** The day of a form value, or undefined when it is empty or not a real day. */
export function parseDayValue(value: string): Date | undefined {
  const d = parse(value, DAY_VALUE_FORMAT, new Date());
  return isValid(d) ? d : undefined;
}

type DateLike = Date | Timestamp | number | undefined | null;

function toDate(value: DateLike): Date | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return isValid(value) ? value : undefined;
  if (typeof value === "number") return new Date(value);
  return timestampDate(value);
}

/** dd/MM/yyyy, or "" when there is no date. */
export function formatDate(value: DateLike): string {
  const d = toDate(value);
  return d ? format(d, DATE_FORMAT, { locale: fr }) : "";
}

/** HH:mm (24 h), or "" when there is no date. */
export function formatTime(value: DateLike): string {
  const d = toDate(value);
  return d ? format(d, TIME_FORMAT, { locale: fr }) : "";
}

/** dd/MM/yyyy à HH:mm */
export function formatDateTime(value: DateLike): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} à ${formatTime(d)}` : "";
}

/** A long French date such as "lundi 3 novembre 2026", for headings. */
export function formatLongDate(value: DateLike): string {
  const d = toDate(value);
  return d ? format(d, "EEEE d MMMM yyyy", { locale: fr }) : "";
}

export function toJsDate(value: DateLike): Date | undefined {
  return toDate(value);
}

/**
 * The change from the previous week, as the dashboard and the coach view show it (spec
 * section 4): a signed whole-number percent, or nothing when either week is at zero (no
 * meaningful ratio).
 */
export function progression(value: number, previous: number): string {
  if (value === 0 || previous === 0) return "";
  const percent = Math.round(((value - previous) / previous) * 100);
  const sign = percent > 0 ? "+" : percent < 0 ? "\u2212" : "";
  return `${sign}${Math.abs(percent)}\u00a0%`;
}
