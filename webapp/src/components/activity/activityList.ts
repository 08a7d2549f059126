// The shaping of the activities list (spec section 4 "Activities list behaviour"): weeks,
// days, and the counts by media type.
import { addDays, startOfDay, startOfWeek } from "date-fns";
import { MediaType, type Event as ActivityEvent, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { dayValue, toJsDate } from "../../lib/format";


export type Week = { start: Date; end: Date };

/** The week (Monday to Sunday) holding `day`. */
export function weekOf(day: Date): Week {
  const start = startOfWeek(day, { weekStartsOn: 1 });
  return { start, end: addDays(start, 6) };
}

export type DayGroup<T> = { day: string; date: Date; items: T[] };

function groupByDay<T>(items: readonly T[], dateOf: (x: T) => Date | undefined): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const x of items) {
    const d = dateOf(x);
    if (!d) continue;
    const key = dayValue(d);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { day: key, date: startOfDay(d), items: [] }));
    g.items.push(x);
  }
  return [...groups.values()];
}

/**
 * Tasks grouped by deadline date, sorted by initial deadline (ascending by default): the groups
 * follow the order of their first task, and the tasks within one the same order.
 */
export function groupTasks(tasks: readonly Task[], ascending = true): DayGroup<Task>[] {
  const key = (t: Task) => (toJsDate(t.initialDeadline) ?? toJsDate(t.deadline))?.getTime() ?? 0;
  const sorted = [...tasks].sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
  return groupByDay(sorted, (t) => toJsDate(t.deadline));
}

/** Events grouped by day, in time order. */
export function groupEvents(events: readonly ActivityEvent[]): DayGroup<ActivityEvent>[] {
  const time = (e: ActivityEvent) => toJsDate(e.date)?.getTime() ?? 0;
  return groupByDay([...events].sort((a, b) => time(a) - time(b)), (e) => toJsDate(e.date));
}

/** The state bar's groups: phone counts mobile too. */
export type MediaGroup = "phone" | "inmail" | "email" | "video" | "face" | "other";
export const MEDIA_GROUPS: readonly MediaGroup[] = ["phone", "inmail", "email", "video", "face", "other"];

export function mediaGroupOf(m: MediaType): MediaGroup {
  switch (m) {
    case MediaType.PHONE:
    case MediaType.MOBILE:
      return "phone";
    case MediaType.INMAIL:
      return "inmail";
    case MediaType.EMAIL:
      return "email";
    case MediaType.VIDEO_CONFERENCING:
      return "video";
    case MediaType.FACE_TO_FACE:
      return "face";
    default:
      return "other";
  }
}

export type MediaCount = { group: MediaGroup; count: number; bySubject: { label: string; count: number }[] };

/** How many activities each media group holds, and per subject within it (the tooltip). */
export function countByMedia<T extends { mediaType: MediaType }>(items: readonly T[], subjectLabel: (x: T) => string): MediaCount[] {
  return MEDIA_GROUPS.map((group) => {
    const mine = items.filter((x) => mediaGroupOf(x.mediaType) === group);
    const bySubject = new Map<string, number>();
    for (const x of mine) bySubject.set(subjectLabel(x), (bySubject.get(subjectLabel(x)) ?? 0) + 1);
    return {
      group,
      count: mine.length,
      bySubject: [...bySubject.entries()].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "fr")),
    };
  });
}
