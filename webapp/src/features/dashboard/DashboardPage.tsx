// /dashboard: the candidate's week at a glance (spec sections 2 and 4). The week picker (the
// `time` query parameter), the task doughnut, the four objective gauges, new applications,
// overdue tasks and the next appointments. The charts are plain SVG (charts.tsx). Below them,
// the last 12 weeks (HistorySection), drawn by echarts from a chunk of its own.
import { useEffect, type ReactNode } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import ChevronLeftRounded from "@mui/icons-material/ChevronLeftRounded";
import ChevronRightRounded from "@mui/icons-material/ChevronRightRounded";
import TuneRounded from "@mui/icons-material/TuneRounded";
import { ActivityService, EventType, type DashboardFigure, type Event, type GetDashboardResponse } from "../../gen/tremplin/activity/v1/activity_pb";
import { CallBacksPanel } from "../../components/CallBacksPanel";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { visuallyHidden } from "../../components/PremiumBadge";
import { formatDate, formatTime } from "../../lib/format";
import { GAUGE_KEYS, type GaugeKey } from "../../lib/gauges";
import { eventSubjectLabels } from "../../lib/messages/activity";
import { dashboardMessages } from "../../lib/messages/dashboard";
import { premiumRedirect } from "../../lib/premium";
import { OVERDUE_TASKS_PATH, THRESHOLDS_PATH } from "../../lib/routes";
import { useUser } from "../../lib/session";
import { brand, TOUCH } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { DOUGHNUT_COLORS, DoughnutChartView, GaugeChartView } from "./charts";
import { gaugeModel, thresholdsOf, type Band } from "./gauge";
import { WeekChange } from "./WeekChange";
import { neighbourTime, rangeOf, timeFromSearch, weekLabel, withWeek } from "./week";
import { personName } from "../../lib/names";
import { Loading as Placeholder } from "../../components/Loading";
import { preloadCharts } from "../../components/charts/WeeklyChart";
import { HistorySection } from "./HistorySection";

// The chart's code is asked for as this screen's code arrives, beside its data, not once the
// history has been drawn as a placeholder.
preloadCharts();

const m = dashboardMessages;

const FIGURES: Record<GaugeKey, (d: GetDashboardResponse) => DashboardFigure | undefined> = {
  newContact: (d) => d.newContacts,
  firstTask: (d) => d.firstTasks,
  completedInterview: (d) => d.completedInterviews,
  engagedApplication: (d) => d.engagedApplications,
};

export default function DashboardPage() {
  usePageTitle(m.title);
  const user = useUser();
  const [search, setSearch] = useSearchParams();
  const time = timeFromSearch(search);
  // A failure is this page's to show (LoadError) rather than a toast over an endless skeleton.
  const dashboard = useQuery(ActivityService.method.getDashboard, { time: time ?? 0n }, { placeholderData: keepPreviousData, meta: { handlesErrors: true } });
  const data = dashboard.data;
  const range = rangeOf(data?.range);
  const current = data?.currentWeek ?? time === undefined;
  const settled = !dashboard.isPlaceholderData;

  // The address names the week by its first moment once the server has answered, and the
  // current week by no `time` at all: the address of a week is the same however it was reached.
  useEffect(() => {
    if (!settled || !data || !range) return;
    const wanted = data.currentWeek ? null : String(range.startMs);
    if (search.get("time") !== wanted) {
      setSearch(wanted ? { time: wanted } : {}, { replace: true });
    }
  }, [settled, data, range, search, setSearch]);

  const go = (direction: -1 | 1) => {
    if (range) setSearch({ time: String(Math.round(neighbourTime(range, direction))) });
  };

  const thresholdsTo = premiumRedirect(user) ?? THRESHOLDS_PATH;

  return (
    <PageContainer>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Button component={RouterLink} to={thresholdsTo} variant="outlined" startIcon={<TuneRounded />} data-testid="update-thresholds">
            {m.updateThresholds}
          </Button>
        }
      />
      <WeekPicker
        label={range ? weekLabel(range, current, user.timeZone) : undefined}
        current={current}
        busy={!settled}
        onPrevious={() => go(-1)}
        onNext={() => go(1)}
        onCurrent={() => setSearch({})}
      />
      {dashboard.isError && !data ? (
        <LoadError what={m.load} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : dashboard.isPending || !data ? (
        <Loading />
      ) : (
        <Box
          aria-busy={!settled}
          sx={{
            display: "grid",
            gap: { xs: 2, sm: 2.5 },
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
            opacity: settled ? 1 : 0.6,
            transition: "opacity 150ms",
          }}
        >
          <TasksWidget completed={data.completedTasks} notStarted={data.notStartedTasks} to={withWeek("/activities", range, current)} />
          {GAUGE_KEYS.map((key) => (
            <GaugeWidget key={key} gaugeKey={key} figure={FIGURES[key](data)} data={data} />
          ))}
          <FigureWidget
            testId="widget-new-applications"
            title={m.newApplications.title}
            value={data.newApplications?.value ?? 0}
            previous={data.newApplications?.previousValue ?? 0}
            text={m.newApplications.text(data.newApplications?.value ?? 0)}
            link={{ to: "/applications", label: m.newApplications.open }}
          />
          <FigureWidget
            testId="widget-overdue-tasks"
            title={m.overdueTasks.title}
            value={data.overdueTasks}
            text={data.overdueTasks === 0 ? m.overdueTasks.none : m.overdueTasks.text(data.overdueTasks)}
            alert={data.overdueTasks > 0}
            link={{ to: OVERDUE_TASKS_PATH, label: m.overdueTasks.open }}
          />
          <EventsWidget wide events={data.upcomingEvents} allTo={withWeek("/activities", range, current, { type: "event" })} />
        </Box>
      )}
      <Box sx={{ mt: { xs: 2, sm: 2.5 } }}>
        <HistorySection />
      </Box>
      <Box sx={{ mt: { xs: 2, sm: 2.5 } }}>
        <CallBacksPanel />
      </Box>
    </PageContainer>
  );
}

function WeekPicker({
  label,
  current,
  busy,
  onPrevious,
  onNext,
  onCurrent,
}: {
  label: string | undefined;
  current: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
}) {
  return (
    <Box
      role="group"
      aria-label={m.week.label}
      sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mb: { xs: 2.5, sm: 3 } }}
    >
      <Card sx={{ display: "flex", alignItems: "center", gap: 0.5, px: 0.5, py: 0.25, borderRadius: 99 }}>
        <IconButton onClick={onPrevious} aria-label={m.week.previous} disabled={!label} size="small">
          <ChevronLeftRounded />
        </IconButton>
        <Typography
          component="p"
          aria-live="polite"
          data-testid="week-label"
          sx={{ minWidth: { xs: 180, sm: 220 }, textAlign: "center", fontWeight: 650, "&::first-letter": { textTransform: "uppercase" } }}
        >
          {label ?? <Skeleton width={160} sx={{ mx: "auto" }} />}
        </Typography>
        <IconButton onClick={onNext} aria-label={m.week.next} disabled={!label} size="small">
          <ChevronRightRounded />
        </IconButton>
      </Card>
      {!current && !busy && (
        <Button onClick={onCurrent} size="small">
          {m.week.backToCurrent}
        </Button>
      )}
    </Box>
  );
}

function Widget({ title, testId, children, wide = false }: { title: string; testId: string; children: ReactNode; wide?: boolean }) {
  const id = `${testId}-title`;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0, gridColumn: wide ? { md: "span 2" } : undefined }}
    >
      <Typography id={id} variant="h4" component="h2">
        {title}
      </Typography>
      {children}
    </Card>
  );
}

function TasksWidget({ completed, notStarted, to }: { completed: number; notStarted: number; to: string }) {
  const total = completed + notStarted;
  return (
    <Widget title={m.tasks.title} testId="widget-tasks">
      {total === 0 ? (
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {m.tasks.empty}
        </Typography>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flex: 1 }}>
          <DoughnutChartView completed={completed} notStarted={notStarted} />
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }} data-testid="tasks-legend">
            <Legend color={DOUGHNUT_COLORS.completed} label={m.tasks.completed} value={completed} />
            <Legend color={DOUGHNUT_COLORS.notStarted} label={m.tasks.notStarted} value={notStarted} />
          </Box>
        </Box>
      )}
      <Link component={RouterLink} to={to} data-testid="tasks-link" sx={{ alignSelf: "flex-start" }}>
        {m.tasks.open}
      </Link>
    </Widget>
  );
}

function Legend({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <Box component="li" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 99, bgcolor: color, flex: "none" }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: "1.25rem" }}>
        {value}
      </Typography>
      <Typography component="span" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

const BAND_CHIP: Record<Band, { bg: string; fg: string }> = {
  low: { bg: brand.accentLight, fg: "#92400E" },
  medium: { bg: brand.primaryLight, fg: brand.primaryDark },
  high: { bg: "#DCFCE7", fg: "#166534" },
};

function GaugeWidget({ gaugeKey, figure, data }: { gaugeKey: GaugeKey; figure: DashboardFigure | undefined; data: GetDashboardResponse }) {
  const name = m.gauges[gaugeKey];
  const value = figure?.value ?? 0;
  const previous = figure?.previousValue ?? 0;
  const t = thresholdsOf(data.setting, gaugeKey);
  const model = gaugeModel(value, t);
  const band = model.kind === "scale" ? m.bands[model.band] : undefined;
  return (
    <Widget title={name} testId={`gauge-${gaugeKey}`}>
      <Box component="p" sx={visuallyHidden} data-testid="gauge-text">
        {m.gaugeText(name, value, band, model.kind === "scale" ? model.max : undefined)}
      </Box>
      {model.kind === "scale" ? (
        <GaugeChartView model={model} />
      ) : (
        <Box sx={{ height: 150, display: "grid", placeItems: "center" }}>
          <Typography color="text.secondary" data-testid="no-threshold">
            {m.noThreshold}
          </Typography>
        </Box>
      )}
      <Box aria-hidden sx={{ display: "flex", alignItems: "baseline", justifyContent: "center", gap: 1, flexWrap: "wrap", mt: -1 }}>
        <Typography component="span" sx={{ fontSize: "2rem", fontWeight: 750, lineHeight: 1 }}>
          {value}
        </Typography>
        {model.kind === "scale" && (
          <Box
            component="span"
            data-testid="gauge-band"
            sx={{ px: 1, py: 0.25, borderRadius: 99, fontSize: "0.8125rem", fontWeight: 700, bgcolor: BAND_CHIP[model.band].bg, color: BAND_CHIP[model.band].fg }}
          >
            {m.bandLabel(m.bands[model.band])}
          </Box>
        )}
      </Box>
      <WeekChange value={value} previous={previous} />
      {model.kind === "scale" && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
          {m.objective(t.low, t.medium, t.high)}
        </Typography>
      )}
    </Widget>
  );
}

function FigureWidget({
  testId,
  title,
  value,
  previous,
  text,
  alert = false,
  link,
}: {
  testId: string;
  title: string;
  value: number;
  previous?: number;
  text: string;
  alert?: boolean;
  link: { to: string; label: string };
}) {
  return (
    <Widget title={title} testId={testId}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, flex: 1 }}>
        <Typography component="span" data-testid="figure" sx={{ fontSize: "2.5rem", fontWeight: 750, lineHeight: 1, color: alert ? "error.main" : "text.primary" }}>
          {value}
        </Typography>
        <Typography component="span" color="text.secondary">
          {text}
        </Typography>
      </Box>
      {previous !== undefined && <WeekChange value={value} previous={previous} />}
      <Link component={RouterLink} to={link.to} sx={{ alignSelf: "flex-start" }}>
        {link.label}
      </Link>
    </Widget>
  );
}

function eventTitle(e: Event): string {
  const subject = eventSubjectLabels[e.subject as keyof typeof eventSubjectLabels];
  return subject ?? (e.type === EventType.INTERVIEW ? m.events.interview : m.events.meeting);
}

function EventsWidget({ events, allTo, wide }: { events: Event[]; allTo: string; wide: boolean }) {
  return (
    <Widget title={m.events.title} testId="widget-events" wide={wide}>
      {events.length === 0 ? (
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {m.events.empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.25, flex: 1 }}>
          {events.slice(0, 3).map((e) => (
            <Box component="li" key={e.id} data-testid="upcoming-event" sx={{ borderLeft: `3px solid ${brand.primary}`, pl: 1.25, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {m.events.at(formatDate(e.date), formatTime(e.date))}
              </Typography>
              <Link component={RouterLink} to={`/event/${e.id}`} sx={{ fontWeight: 650, display: "block", overflowWrap: "anywhere", [TOUCH]: { py: "10px" } }}>
                {eventTitle(e)}
              </Link>
              {e.contact && (
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {m.events.with}{" "}
                  {/* On a phone the name is a 44 px tall tap target, like the event's title above. */}
                  <Link component={RouterLink} to={`/contact/${e.contact.id}`} sx={{ [TOUCH]: { display: "inline-block", py: "12px" } }}>
                    {personName(e.contact)}
                  </Link>
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Link component={RouterLink} to={allTo} data-testid="all-events" sx={{ alignSelf: "flex-start" }}>
        {m.events.all}
      </Link>
    </Widget>
  );
}

function Loading() {
  return (
    <Placeholder>
      <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" } }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={260} />
        ))}
      </Box>
    </Placeholder>
  );
}


