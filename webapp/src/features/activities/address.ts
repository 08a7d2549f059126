// What /activities reads from its address: the week (`time`, a day « 2026-11-16 » or, as the
// dashboard's links and the spec carry it, a moment in milliseconds) and the overdue view
// (`overdue=1`, the dashboard's « Tâches en retard → Voir mes tâches »).
import { isBefore } from "date-fns";
import { ActivityStatus, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { parseDayValue, toJsDate } from "../../lib/format";

/** The largest `time` the server accepts (year 3000), as the dashboard's week picker. */
const MAX_TIME = 32503680000000;

/**
 * The day `time` names, or undefined (this week) when it names none. A moment is read as the
 * day it is in the candidate's time zone: the dashboard sends the start of its week (Monday
 * 00:00 in that zone), which is still Sunday in a browser further west.
 */
export function dayFromTime(raw: string | null, timeZone: string): Date | undefined {
  if (!raw) return undefined;
  if (/^\d{1,14}$/.test(raw)) {
    const ms = Number(raw);
    if (ms > MAX_TIME) return undefined;
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return new Date(get("year"), get("month") - 1, get("day"));
  }
  return parseDayValue(raw);
}

export { OVERDUE_TASKS_PATH } from "../../lib/routes";

export function overdueView(params: URLSearchParams): boolean {
  return params.get("overdue") === "1";
}

/**
 * Late as the dashboard counts it (GetDashboardResponse.overdue_tasks): not started and first
 * due before today — carried over at least one night, wherever its deadline now stands.
 */
export function isOverdue(task: Task, today: Date): boolean {
  if (task.status !== ActivityStatus.NOT_STARTED) return false;
  const first = toJsDate(task.initialDeadline) ?? toJsDate(task.deadline);
  return first !== undefined && isBefore(first, today);
}
