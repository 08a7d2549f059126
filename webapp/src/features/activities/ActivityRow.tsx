// One task or rendez-vous of the activities list: priority marker (none for normal, small for
// high, large for urgent; events always the small one), completed mark and struck-through
// text, subject linking to its detail, contact, time or deadline; complete (events once their
// date is past), edit and delete while not completed.
import { Link as RouterLink } from "react-router";
import { isBefore, startOfToday } from "date-fns";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import RadioButtonUncheckedRounded from "@mui/icons-material/RadioButtonUncheckedRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import {
  ActivityStatus,
  ActivityType,
  MediaType,
  TaskPriority,
  type Event as ActivityEvent,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { useDeleteActivity } from "./useDeleteActivity";
import { cardLink, wholeCard } from "../../components/cardLink";
import { RowMenu, RowMenuItem } from "../../components/RowMenu";
import { canCompleteEvent } from "../../components/activity/eventForm";
import { useActivityModals } from "../../components/activity/useActivityModals";
import { formatTime, toJsDate } from "../../lib/format";
import { mediaTypeLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { eventLabel, taskLabel } from "./labels";
import { personName } from "../../lib/names";

const m = activityMessages.list;

/**
 * A row's title and detail: one line each from the tablet up; on a phone they wrap (what to do,
 * with whom and how must be read there too, not « Envoi de candidat… »).
 */
const ROW_TEXT = {
  overflow: "hidden",
  textOverflow: { sm: "ellipsis" },
  whiteSpace: { xs: "normal", sm: "nowrap" },
  overflowWrap: { xs: "anywhere", sm: "normal" },
} as const;

export function PriorityMarker({ level }: { level: "high" | "urgent" | undefined }) {
  if (!level) return <Box sx={{ width: 14, flex: "none" }} aria-hidden />;
  const big = level === "urgent";
  return (
    <Box
      role="img"
      aria-label={big ? m.priorityUrgent : m.priorityHigh}
      data-testid={`priority-${level}`}
      sx={{ width: 14, flex: "none", display: "flex", justifyContent: "center" }}
    >
      <Box sx={{ width: big ? 12 : 7, height: big ? 12 : 7, borderRadius: "50%", bgcolor: big ? "#DC2626" : "#F59E0B" }} />
    </Box>
  );
}

export function priorityLevel(kind: "task" | "event", p?: TaskPriority): "high" | "urgent" | undefined {
  if (kind === "event") return "high";
  return p === TaskPriority.URGENT ? "urgent" : p === TaskPriority.HIGH ? "high" : undefined;
}

export function ActivityRow({ kind, item }: { kind: "task"; item: Task } | { kind: "event"; item: ActivityEvent }) {
  const modals = useActivityModals();
  const done = item.status === ActivityStatus.COMPLETED;
  const type = kind === "task" ? ActivityType.TASK : ActivityType.EVENT;
  const title = kind === "task" ? taskLabel(item as Task) : eventLabel(item as ActivityEvent);
  const canComplete = !done && (kind === "task" || canCompleteEvent(item as ActivityEvent));
  // Overdue: carried over at least one night. The nightly job moves an undone task's deadline
  // to the new day and keeps its first one (initialDeadline), as the dashboard counts them.
  const firstDeadline = kind === "task" ? (toJsDate((item as Task).initialDeadline) ?? toJsDate((item as Task).deadline)) : undefined;
  const overdue = !done && firstDeadline !== undefined && isBefore(firstDeadline, startOfToday());
  const deleteActivity = useDeleteActivity();

  const remove = () => deleteActivity(kind, item.id);

  const media = item.mediaType === MediaType.UNSPECIFIED ? "" : mediaTypeLabels[item.mediaType as Exclude<MediaType, MediaType.UNSPECIFIED>];
  const contact = item.contact ? personName(item.contact) : kind === "task" ? m.noContact : "";
  const detail = [kind === "event" ? formatTime(item.date) : "", contact, item.contact?.company ?? "", media].filter(Boolean).join(" · ");

  return (
    <Box
      component="li"
      data-testid={`${kind}-row`}
      data-completed={done || undefined}
      sx={{ ...wholeCard, display: "flex", alignItems: "center", gap: 1.25, bgcolor: "background.paper", border: 1, borderColor: "divider", borderRadius: "12px", px: { xs: 1.25, sm: 2 }, py: 1.25 }}
    >
      <PriorityMarker level={done ? undefined : priorityLevel(kind, kind === "task" ? (item as Task).priority : undefined)} />
      {done ? (
        <CheckCircleRounded sx={{ color: "success.main", flex: "none" }} titleAccess={m.completed} />
      ) : (
        <RadioButtonUncheckedRounded sx={{ color: "text.disabled", flex: "none" }} aria-hidden />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          component={RouterLink}
          to={`/${kind}/${item.id}`}
          underline="hover"
          data-card-link
          /* A completed title stays struck through under the pointer too: hovering adds the underline, it does not replace the strike. */
          sx={{ fontWeight: 600, color: done ? "text.secondary" : "text.primary", textDecoration: done ? "line-through" : undefined, "&:hover": done ? { textDecorationLine: "line-through underline" } : undefined, display: "block", ...ROW_TEXT, ...cardLink }}
        >
          {title}
        </Link>
        <Typography variant="body2" color="text.secondary" data-testid="row-detail" sx={{ textDecoration: done ? "line-through" : undefined, ...ROW_TEXT, fontSize: { xs: "0.8125rem", sm: undefined } }}>
          {overdue && (
            <Box component="span" sx={{ color: "error.main", fontWeight: 600 }}>
              {m.overdue} ·{" "}
            </Box>
          )}
          {detail}
        </Typography>
      </Box>
      {canComplete && (
        <>
          <Button size="small" variant="outlined" onClick={() => modals.report(type, item)} sx={{ flex: "none", display: { xs: "none", sm: "inline-flex" } }} aria-label={`${m.complete} — ${title}`}>
            {m.complete}
          </Button>
          {/* On a phone the title keeps the room: the same action as an icon. */}
          <IconButton color="primary" onClick={() => modals.report(type, item)} sx={{ display: { xs: "inline-flex", sm: "none" } }} aria-label={`${m.complete} — ${title}`}>
            <TaskAltRounded />
          </IconButton>
        </>
      )}
      {!done && (
        <>
          <RowMenu label={`${m.actions} — ${title}`}>
            <RowMenuItem onClick={() => (kind === "task" ? modals.editTask(item as Task) : modals.editEvent(item as ActivityEvent))} icon={<EditRounded fontSize="small" />}>
              {activityMessages.details.edit}
            </RowMenuItem>
            <RowMenuItem onClick={remove} icon={<DeleteOutlineRounded fontSize="small" />}>
              {activityMessages.details.delete}
            </RowMenuItem>
          </RowMenu>
        </>
      )}
    </Box>
  );
}
