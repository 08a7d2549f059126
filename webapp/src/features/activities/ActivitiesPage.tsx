// /activities?type=task|event&time=yyyy-MM-dd|<ms>: the week's tasks and rendez-vous; with
// overdue=1, the late tasks of every week (the dashboard's « Tâches en retard »). Tabs with
// counts, the state bar by media type (per-subject tooltip), search and filters (premium: a
// non-subscriber is sent to the subscription page), the week shown, tasks grouped by deadline
// day and sorted by initial deadline (toggle), events grouped by day.
import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { addDays, addWeeks, format, startOfToday } from "date-fns";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import ArrowDownwardRounded from "@mui/icons-material/ArrowDownwardRounded";
import ArrowUpwardRounded from "@mui/icons-material/ArrowUpwardRounded";
import ChevronLeftRounded from "@mui/icons-material/ChevronLeftRounded";
import ChevronRightRounded from "@mui/icons-material/ChevronRightRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import EventBusyRounded from "@mui/icons-material/EventBusyRounded";
import SearchOffRounded from "@mui/icons-material/SearchOffRounded";
import WarningAmberRounded from "@mui/icons-material/WarningAmberRounded";
import {
  ActivityService,
  ActivityStatus,
  MediaType,
  TaskPriority,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { PremiumFilterBar } from "../../components/PremiumFilterBar";
import { EmptyState } from "../../components/EmptyState";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { groupEvents, groupTasks, countByMedia, weekOf, type MediaGroup } from "../../components/activity/activityList";
import { useActivityModals } from "../../components/activity/useActivityModals";
import { formatDate, formatLongDate } from "../../lib/format";
import { taskPriorityLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { usePremiumGate } from "../../lib/premium";
import { useUser } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { ActivityRow } from "./ActivityRow";
import { dayFromTime, isOverdue, overdueView } from "./address";
import { eventLabel, taskLabel } from "./labels";

const m = activityMessages.list;

const MEDIA_COLORS: Record<MediaGroup, string> = {
  phone: "#4F46E5",
  inmail: "#0EA5E9",
  email: "#10B981",
  video: "#F59E0B",
  face: "#EC4899",
  other: "#94A3B8",
};

const MEDIA_OF_GROUP: Record<MediaGroup, MediaType[]> = {
  phone: [MediaType.PHONE, MediaType.MOBILE],
  inmail: [MediaType.INMAIL],
  email: [MediaType.EMAIL],
  video: [MediaType.VIDEO_CONFERENCING],
  face: [MediaType.FACE_TO_FACE],
  other: [MediaType.OTHER],
};

type Filters = { search: string; statuses: string[]; media: string[]; priorities: string[] };
const NO_FILTERS: Filters = { search: "", statuses: [], media: [], priorities: [] };


export default function ActivitiesPage() {
  usePageTitle(m.title);
  const [params, setParams] = useSearchParams();
  const user = useUser();
  const type = params.get("type") === "event" ? "event" : "task";
  const overdue = type === "task" && overdueView(params);
  const day = dayFromTime(params.get("time"), user.timeZone) ?? new Date();
  const week = weekOf(day);
  const gate = usePremiumGate();
  const modals = useActivityModals();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [ascending, setAscending] = useState(true);
  const deferred = useDeferredValue(filters);

  // Moving to a week or to the rendez-vous leaves the overdue view.
  const setParam = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    next.delete("overdue");
    setParams(next, { replace: true });
  };

  const range = { startDate: timestampFromDate(week.start), endDate: timestampFromDate(addDays(week.start, 7)) };
  // Filters are sent only by subscribers (the server refuses them otherwise).
  const premiumInput = gate.premium
    ? {
        search: deferred.search.trim(),
        statuses: deferred.statuses.map(Number) as ActivityStatus[],
        mediaTypes: deferred.media.flatMap((g) => MEDIA_OF_GROUP[g as MediaGroup]),
      }
    : {};
  // A failed list is this page's to show (LoadError), not « aucune tâche » nor a second toast.
  // The overdue view reads every week (a late task's deadline may stand anywhere since).
  const tasks = useQuery(
    ActivityService.method.listTasks,
    {
      ...(overdue ? {} : { range }),
      ...premiumInput,
      ...(gate.premium ? { priorities: deferred.priorities.map(Number) as TaskPriority[] } : {}),
    },
    { meta: { handlesErrors: true } },
  );
  const events = useQuery(ActivityService.method.listEvents, { range, ...premiumInput }, { meta: { handlesErrors: true } });
  const taskList = useMemo(() => {
    const all = tasks.data?.tasks ?? [];
    if (!overdue) return all;
    const today = startOfToday();
    return all.filter((t) => isOverdue(t, today));
  }, [tasks.data, overdue]);
  const searching = gate.premium && (deferred.search.trim() !== "" || deferred.statuses.length + deferred.media.length + deferred.priorities.length > 0);
  const clearSearch = () => setFilters(NO_FILTERS);
  const eventList = useMemo(() => events.data?.events ?? [], [events.data]);

  const counts = useMemo(
    () => (type === "task" ? countByMedia(taskList, taskLabel) : countByMedia(eventList, eventLabel)),
    [type, taskList, eventList],
  );
  const shownQuery = type === "task" ? tasks : events;
  const loading = shownQuery.isPending;
  const failed = shownQuery.isError && !shownQuery.data;

  return (
    <PageContainer>
      <Box sx={{ pb: 6 }}>
        <PageHeader
          title={m.title}
          rowFrom="md"
          actions={
            // One button a row on a phone: side by side, each label took two lines.
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", width: { xs: "100%", md: "auto" } }}>
              <Button variant="outlined" color="inherit" startIcon={<EventAvailableRounded />} onClick={() => modals.createEvent()} sx={{ borderColor: "divider", bgcolor: "background.paper", flex: { xs: "1 1 100%", sm: "none" } }}>
                {m.addEvent}
              </Button>
              <Button variant="contained" startIcon={<AddTaskRounded />} onClick={() => modals.createTask()} sx={{ flex: { xs: "1 1 100%", sm: "none" } }}>
                {m.addTask}
              </Button>
            </Box>
          }
        />

        <Tabs value={type} onChange={(_, v: string) => setParam({ type: v })} aria-label={m.tabsLabel} sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}>
          <Tab value="task" label={`${m.tasks} (${tasks.data ? taskList.length : "…"})`} id="tab-task" aria-controls="panel-activities" />
          <Tab value="event" label={`${m.events} (${events.data ? eventList.length : "…"})`} id="tab-event" aria-controls="panel-activities" />
        </Tabs>

        {overdue ? (
          <OverdueBar count={tasks.data ? taskList.length : undefined} onLeave={() => setParam({ time: format(new Date(), "yyyy-MM-dd") })} />
        ) : (
          <WeekBar
            start={week.start}
            onMove={(weeks) => setParam({ time: format(addWeeks(week.start, weeks), "yyyy-MM-dd") })}
            onToday={() => setParam({ time: format(new Date(), "yyyy-MM-dd") })}
          />
        )}

        <MediaStateBar counts={counts} />

        <Toolbar type={type} filters={filters} onChange={setFilters} premium={gate.premium} allow={gate.allow} ascending={ascending} onSort={() => setAscending((a) => !a)} />

        <Box id="panel-activities" role="tabpanel" aria-labelledby={`tab-${type}`}>
          {failed ? (
            <LoadError what={overdue ? m.loadOverdue : type === "task" ? m.loadTasks : m.loadEvents} onRetry={() => void shownQuery.refetch()} retrying={shownQuery.isFetching} />
          ) : loading ? (
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={64} />
              ))}
            </Box>
          ) : type === "task" ? (
            taskList.length === 0 ? (
              searching ? (
                <NoMatch title={m.noMatchTasks} onClear={clearSearch} />
              ) : overdue ? (
                <EmptyState level="minor" tone="success" icon={<EventAvailableRounded />} title={m.emptyOverdue} text={m.emptyOverdueHint} />
              ) : (
                <EmptyState level="minor" icon={<EventBusyRounded />} title={m.emptyTasks} text={m.emptyHint} />
              )
            ) : (
              groupTasks(taskList, ascending).map((g) => (
                <DayBlock key={g.day} date={g.date}>
                  {g.items.map((t) => (
                    <ActivityRow key={t.id} kind="task" item={t} />
                  ))}
                </DayBlock>
              ))
            )
          ) : eventList.length === 0 ? (
            searching ? (
              <NoMatch title={m.noMatchEvents} onClear={clearSearch} />
            ) : (
              <EmptyState level="minor" icon={<EventBusyRounded />} title={m.emptyEvents} text={m.emptyHint} />
            )
          ) : (
            groupEvents(eventList).map((g) => (
              <DayBlock key={g.day} date={g.date}>
                {g.items.map((e) => (
                  <ActivityRow key={e.id} kind="event" item={e} />
                ))}
              </DayBlock>
            ))
          )}
        </Box>
      </Box>
    </PageContainer>
  );
}

function DayBlock({ date, children }: { date: Date; children: ReactNode }) {
  const label = formatLongDate(date);
  return (
    <Box component="section" aria-label={label} sx={{ mb: 2.5 }}>
      <Typography variant="overline" component="h2" sx={{ color: "text.secondary", fontWeight: 700, display: "block", mb: 1, textTransform: "none", fontSize: "0.9rem" }}>
        {label.charAt(0).toUpperCase() + label.slice(1)}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

function NoMatch({ title, onClear }: { title: string; onClear: () => void }) {
  return (
    <EmptyState
      level="minor"
      icon={<SearchOffRounded />}
      title={title}
      text={m.noMatchHint}
      actions={
        <Button variant="outlined" onClick={onClear}>
          {m.clearSearch}
        </Button>
      }
    />
  );
}

function OverdueBar({ count, onLeave }: { count: number | undefined; onLeave: () => void }) {
  return (
    <Box data-testid="overdue-view" sx={{ display: "flex", alignItems: { xs: "flex-start", sm: "center" }, flexDirection: { xs: "column", sm: "row" }, gap: 1, mb: 2, p: 1.5, borderRadius: "12px", bgcolor: "#FEF2F2", border: "1px solid #FECACA" }}>
      <WarningAmberRounded sx={{ color: "#B91C1C", display: { xs: "none", sm: "block" } }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, color: "#7F1D1D" }}>
          {m.overdueTitle(count ?? 0)}
        </Typography>
        <Typography variant="body2" sx={{ color: "#7F1D1D" }}>
          {m.overdueText}
        </Typography>
      </Box>
      <Button size="small" variant="outlined" color="inherit" onClick={onLeave} sx={{ color: "#7F1D1D", borderColor: "#FCA5A5", flex: "none" }}>
        {m.overdueLeave}
      </Button>
    </Box>
  );
}

function WeekBar({ start, onMove, onToday }: { start: Date; onMove: (weeks: number) => void; onToday: () => void }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: { xs: 0.5, sm: 1 }, mb: 2 }}>
      <IconButton aria-label={m.previousWeek} onClick={() => onMove(-1)} size="small">
        <ChevronLeftRounded />
      </IconButton>
      <Typography data-testid="week-range" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
          {m.week}{" "}
        </Box>
        {m.weekRange(format(start, "dd/MM"), formatDate(addDays(start, 6)))}
      </Typography>
      <IconButton aria-label={m.nextWeek} onClick={() => onMove(1)} size="small">
        <ChevronRightRounded />
      </IconButton>
      <Button size="small" onClick={onToday}>
        {m.thisWeek}
      </Button>
    </Box>
  );
}

function MediaStateBar({ counts }: { counts: ReturnType<typeof countByMedia> }) {
  const total = counts.reduce((s, c) => s + c.count, 0);
  return (
    <Box component="section" aria-label={m.stateBar} sx={{ bgcolor: "background.paper", borderRadius: "16px", border: 1, borderColor: "divider", px: { xs: 2, sm: 2.5 }, py: { xs: 1.75, sm: 2 }, mb: 2 }}>
      <Box aria-hidden sx={{ display: "flex", height: 8, borderRadius: 99, overflow: "hidden", bgcolor: "#EEF0F5", gap: total ? "2px" : 0 }}>
        {counts
          .filter((c) => c.count > 0)
          .map((c) => (
            <Box key={c.group} sx={{ flex: c.count, bgcolor: MEDIA_COLORS[c.group], minWidth: 4 }} />
          ))}
      </Box>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5, display: "grid", gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(6, minmax(0, 1fr))" }, gap: { xs: 1, sm: 2 } }}>
        {counts.map((c) => {
          const tip = c.bySubject.length ? c.bySubject.map((s) => `${s.label}\u00a0: ${s.count}`).join("\n") : m.noSubject;
          return (
            <li key={c.group}>
              <Tooltip title={<span style={{ whiteSpace: "pre-line" }}>{tip}</span>} arrow>
                <Box tabIndex={0} data-testid={`media-${c.group}`} aria-label={`${m.media[c.group]}\u00a0: ${c.count}. ${tip.replace(/\n/g, ", ")}`} sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, borderRadius: 1, cursor: "default", "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" } }}>
                  <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: MEDIA_COLORS[c.group], flex: "none" }} />
                  <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
                    {m.media[c.group]}
                  </Typography>
                  <Typography component="span" sx={{ fontWeight: 700, ml: { xs: "auto", sm: 0.25 }, pr: { xs: 1.5, sm: 0 } }}>
                    {c.count}
                  </Typography>
                </Box>
              </Tooltip>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

function Toolbar({
  type,
  filters,
  onChange,
  premium,
  allow,
  ascending,
  onSort,
}: {
  type: "task" | "event";
  filters: Filters;
  onChange: (f: Filters) => void;
  premium: boolean;
  allow: () => boolean;
  ascending: boolean;
  onSort: () => void;
}) {
  const statusOptions = [
    { value: String(ActivityStatus.NOT_STARTED), label: m.filters.statuses.notStarted },
    { value: String(ActivityStatus.COMPLETED), label: m.filters.statuses.completed },
  ];
  const mediaOptions = (type === "task" ? (["phone", "inmail", "email", "other"] as MediaGroup[]) : (["phone", "video", "face"] as MediaGroup[])).map((g) => ({ value: g, label: m.media[g] }));
  const priorityOptions = [TaskPriority.NORMAL, TaskPriority.HIGH, TaskPriority.URGENT].map((p) => ({ value: String(p), label: taskPriorityLabels[p as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>] }));
  return (
    <PremiumFilterBar
      premium={premium}
      allow={allow}
      search={{ value: filters.search, onChange: (search) => onChange({ ...filters, search }), label: m.search, placeholder: m.searchPlaceholder, sx: { flex: { sm: "1 1 260px" }, maxWidth: { sm: 380 } } }}
      menus={[
        { label: m.filters.status, options: statusOptions, selected: filters.statuses, onChange: (statuses) => onChange({ ...filters, statuses }) },
        { label: m.filters.media, options: mediaOptions, selected: filters.media, onChange: (media) => onChange({ ...filters, media }) },
        ...(type === "task" ? [{ label: m.filters.priority, options: priorityOptions, selected: filters.priorities, onChange: (priorities: string[]) => onChange({ ...filters, priorities }) }] : []),
      ]}
    >
      {type === "task" && (
        <Button size="small" color="inherit" onClick={onSort} startIcon={ascending ? <ArrowUpwardRounded /> : <ArrowDownwardRounded />} sx={{ ml: { sm: "auto" } }} data-testid="sort-toggle">
          {ascending ? m.sortAsc : m.sortDesc}
        </Button>
      )}
    </PremiumFilterBar>
  );
}
