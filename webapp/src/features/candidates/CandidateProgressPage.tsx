// /candidates/:id/progress (agency admin): the coach view. A consenting candidate's progress,
// read-only — this week's and last week's dashboard figures, last sign-in, counts of contacts
// and applications by status, overdue tasks — and never a contact's personal details. Without
// consent the page says so in plain French. Below the week, the last 12 weeks as a chart
// (echarts, from a chunk of its own).
import type { ReactNode } from "react";
import { Link as RouterLink, useLocation, useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import LockPersonRounded from "@mui/icons-material/LockPersonRounded";
import PersonSearchRounded from "@mui/icons-material/PersonSearchRounded";
import VisibilityRounded from "@mui/icons-material/VisibilityRounded";
import { AgencyService, type CandidateProgress, type ProgressWeek } from "../../gen/tremplin/agency/v1/agency_pb";
import { BackBreadcrumbs } from "../../components/BackBreadcrumbs";
import { DetailsBody } from "../../components/DetailsPage";
import { EmptyState } from "../../components/EmptyState";
import { NotFoundState } from "../../components/NotFoundState";
import { PageContainer } from "../../components/layout/PageContainer";
import { isMissing } from "../../lib/errors";
import { formatDate, formatDateTime } from "../../lib/format";
import { personName } from "../../lib/names";
import { visuallyHidden } from "../../components/PremiumBadge";
import { agencyMessages } from "../../lib/messages/agency";
import { usePageTitle } from "../../lib/usePageTitle";
import { GOOD_WHEN, WEEK_FIGURES, weekTrend, weekValue } from "./model";
import { preloadCharts } from "../../components/charts/WeeklyChart";
import { WeeklyHistoryChart } from "../../components/charts/WeeklyHistoryChart";

// The chart's code is asked for as this screen's code arrives, beside the progress call.
preloadCharts();

const p = agencyMessages.progress;

export default function CandidateProgressPage() {
  const { id = "" } = useParams();
  // The list passes the candidate's name along: a candidate who shares nothing is still named.
  const listed = (useLocation().state as { name?: unknown } | null)?.name;
  const progress = useQuery(AgencyService.method.getCandidateProgress, { id }, { meta: { handlesErrors: true }, staleTime: 0 });
  const data = progress.data;
  const name = data?.progress
    ? personName(data.progress)
    : typeof listed === "string"
      ? listed
      : "";
  usePageTitle(name ? `${p.title} – ${name}` : p.title);

  let body: ReactNode;
  if (progress.isError && isMissing(progress.error)) {
    body = <NotFoundState icon={<PersonSearchRounded />} title={p.notFoundTitle} text={p.notFoundText} backTo="/candidates" backLabel={p.back} />;
  } else if (data && !(data.shared && data.progress)) {
    body = (
      <EmptyState
        level="page"
        tone="accent"
        icon={<LockPersonRounded />}
        title={p.notSharedTitle}
        text={p.notSharedText}
        textMaxWidth={560}
        actions={
          <Button component={RouterLink} to="/candidates" variant="outlined" startIcon={<ArrowBackRounded />}>
            {p.back}
          </Button>
        }
      />
    );
  } else {
    // Read, or on its way, or failed for another reason than « introuvable »: the kit's
    // details frame (placeholders, then the figures or « Impossible de charger … »).
    body = (
      <DetailsBody record={data?.progress} query={progress} title={name || p.title} what={p.load} columns="1fr 1fr">
        {(shared) => <Shared progress={shared} />}
      </DetailsBody>
    );
  }

  return (
    <PageContainer>
      <BackBreadcrumbs label={p.breadcrumb} to="/candidates" list={p.back} current={name || p.title} />
      {body}
    </PageContainer>
  );
}

function weekRange(w: ProgressWeek | undefined): string {
  if (!w?.start || !w.end) return "";
  // The end is the next Monday at midnight: the week's last day is the one before.
  const end = new Date(Number(w.end.seconds) * 1000 - 1);
  return p.range(formatDate(w.start), formatDate(end));
}

/** A week's column heading: its name, and its days beneath from `sm`. */
function WeekHeadCell({ label, week }: { label: string; week: ProgressWeek | undefined }) {
  return (
    <TableCell align="right">
      {label}
      <Typography variant="caption" component="div" color="text.secondary" sx={{ display: { xs: "none", sm: "block" } }}>
        {weekRange(week)}
      </Typography>
    </TableCell>
  );
}

function Shared({ progress }: { progress: CandidateProgress }) {
  const name = personName(progress);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Box>
        <Typography variant="h1">{name}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1 }} data-testid="last-login">
          {progress.lastLoginDate ? p.lastLogin(formatDateTime(progress.lastLoginDate)) : p.neverSignedIn}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1.5, color: "text.secondary" }}>
          <VisibilityRounded fontSize="small" />
          <Typography variant="body2">{p.readOnly}</Typography>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="now-title" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(6, minmax(0, 1fr))" }, gap: 1.5 }}>
        <Typography id="now-title" variant="h2" sx={{ gridColumn: "1 / -1", fontSize: "1.125rem" }}>
          {p.nowTitle}
        </Typography>
        <Figure label={p.contacts} value={progress.contacts} testId="figure-contacts" />
        <Figure label={p.overdue} value={progress.overdueTasks} testId="figure-overdue" warn={progress.overdueTasks > 0} />
        <Figure label={`${p.applicationsTitle} · ${p.applications.new}`} value={progress.newApplications} testId="figure-applications-new" />
        <Figure label={`${p.applicationsTitle} · ${p.applications.engaged}`} value={progress.engagedApplications} testId="figure-applications-engaged" />
        <Figure label={`${p.applicationsTitle} · ${p.applications.win}`} value={progress.winApplications} testId="figure-applications-win" />
        <Figure label={`${p.applicationsTitle} · ${p.applications.lost}`} value={progress.lostApplications} testId="figure-applications-lost" />
      </Box>

      <Card component="section" aria-labelledby="week-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="week-title" variant="h2" sx={{ fontSize: "1.125rem", mb: 1.5 }}>
          {p.weekTitle}
        </Typography>
        <Table size="small" aria-labelledby="week-title" sx={{ "& td, & th": { px: { xs: 0.75, sm: 1.5 }, fontSize: "0.875rem" }, "& th": { color: "text.secondary", fontWeight: 600 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{p.figure}</TableCell>
              <WeekHeadCell label={p.thisWeek} week={progress.thisWeek} />
              <WeekHeadCell label={p.lastWeek} week={progress.lastWeek} />
              <TableCell align="right">{p.evolution}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {WEEK_FIGURES.map((f) => {
              const now = weekValue(progress.thisWeek, f);
              const before = weekValue(progress.lastWeek, f);
              const trend = weekTrend(f, now, before);
              return (
                <TableRow key={f} data-testid={`week-${f}`} sx={{ "&:last-child td": { borderBottom: 0 } }}>
                  <TableCell component="th" scope="row" sx={{ color: "text.primary !important", fontWeight: "400 !important" }}>
                    {p.figures[f]}
                    <Typography variant="caption" component="div" color="text.secondary" data-testid="good-when">
                      {p.goodWhen[GOOD_WHEN[f]]}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>
                    {now}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                    {before}
                  </TableCell>
                  <TableCell
                    align="right"
                    data-testid="trend"
                    data-tone={trend?.tone}
                    sx={{ fontVariantNumeric: "tabular-nums", fontWeight: 700, color: TREND_COLOUR[trend?.tone ?? "neutral"], whiteSpace: "nowrap" }}
                  >
                    {trend && (
                      <>
                        <span aria-hidden>{trend.text}</span>
                        <Box component="span" sx={visuallyHidden}>
                          {trend.spoken}
                        </Box>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Card>

      {progress.history && <WeeklyHistoryChart history={progress.history} audience="coach" />}
    </Box>
  );
}

/** Green for good news, red for bad, whichever way the figure went (GOOD_WHEN). */
const TREND_COLOUR = { good: "success.dark", bad: "error.dark", neutral: "text.secondary" } as const;

function Figure({ label, value, testId, warn = false }: { label: string; value: number; testId: string; warn?: boolean }) {
  return (
    <Card sx={{ p: 1.75, display: "flex", flexDirection: "column", gap: 0.5, borderColor: warn ? "#FCA5A5" : undefined }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: "1.5rem", fontWeight: 800, fontVariantNumeric: "tabular-nums", color: warn ? "error.dark" : "text.primary" }}>
        {value.toLocaleString("fr-FR")}
      </Typography>
    </Card>
  );
}
