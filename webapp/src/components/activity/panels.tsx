// The activities panels of a contact's and an application's page (spec section 4): in
// progress = not started, oldest date first; finished = completed, newest first. A completed
// task is dated by its execution date, otherwise by its deadline; an event by its date. One line
// per activity, linking to its page.
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import { ActivityStatus, EventSubject, MediaType, TaskSubject, type Event as ActivityEvent, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { formatDate, formatTime, toJsDate } from "../../lib/format";
import { eventSubjectLabels, mediaTypeLabels, taskSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { brand } from "../../lib/theme";
import { personName } from "../../lib/names";

const p = activityMessages.panel;

export type PanelItem =
  | { kind: "task"; id: string; date: Date | undefined; item: Task }
  | { kind: "event"; id: string; date: Date | undefined; item: ActivityEvent };

export function activityPanels(tasks: readonly Task[], events: readonly ActivityEvent[]): { inProgress: PanelItem[]; finished: PanelItem[] } {
  const items: PanelItem[] = [
    ...tasks.map((t): PanelItem => ({
      kind: "task",
      id: t.id,
      item: t,
      date: t.status === ActivityStatus.COMPLETED ? (toJsDate(t.executionDate) ?? toJsDate(t.deadline)) : toJsDate(t.deadline),
    })),
    ...events.map((e): PanelItem => ({ kind: "event", id: e.id, item: e, date: toJsDate(e.date) })),
  ];
  const time = (i: PanelItem) => i.date?.getTime() ?? 0;
  const done = (i: PanelItem) => i.item.status === ActivityStatus.COMPLETED;
  return {
    inProgress: items.filter((i) => !done(i)).sort((a, b) => time(a) - time(b)),
    finished: items.filter(done).sort((a, b) => time(b) - time(a)),
  };
}

/**
 * One activity of a panel: its subject (struck through once completed) linking to its page,
 * its date, and its media type; `withContact` adds who it is with (an application's panel
 * gathers several contacts; a contact's page need not repeat its own name).
 */
export function ActivityLine({ item, withContact = false }: { item: PanelItem; withContact?: boolean }) {
  const done = item.item.status === ActivityStatus.COMPLETED;
  let title: string;
  let when: string;
  let to: string;
  if (item.kind === "task") {
    const t = item.item;
    title = t.customSubject || taskSubjectLabels[t.subject as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>] || "";
    when = done ? p.doneOn(formatDate(item.date)) : p.due(formatDate(item.date));
    to = `/task/${t.id}`;
  } else {
    const e = item.item;
    title = eventSubjectLabels[e.subject as Exclude<EventSubject, EventSubject.UNSPECIFIED>] ?? "";
    when = p.on(formatDate(item.date), formatTime(item.date));
    to = `/event/${e.id}`;
  }
  const contact = item.item.contact;
  const who = !withContact ? "" : contact ? personName(contact) : item.kind === "task" ? p.personal : "";
  const media = mediaTypeLabels[item.item.mediaType as Exclude<MediaType, MediaType.UNSPECIFIED>];
  return (
    <Box component="li" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 1.25, borderTop: `1px solid ${brand.border}`, "&:first-of-type": { borderTop: 0 } }}>
      {done ? <TaskAltRounded sx={{ color: "success.main" }} /> : item.kind === "task" ? <AddTaskRounded color="primary" /> : <EventAvailableRounded color="primary" />}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={to} color="text.primary" sx={{ fontWeight: 600, textDecoration: done ? "line-through" : undefined }}>
          {title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {[when, who, media].filter(Boolean).join(" · ")}
        </Typography>
      </Box>
    </Box>
  );
}
