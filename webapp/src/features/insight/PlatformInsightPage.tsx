// « Suivi de la plateforme » (/insight, platform admin): every agency at a glance (its name
// opens its « Suivi de l'agence »), the B2C trials week by week, and the page views of the
// last 12 weeks by kind of account and by screen.
import type { ReactNode } from "react";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { InsightService, type GetPlatformInsightResponse } from "../../gen/tremplin/insight/v1/insight_pb";
import { preloadCharts, WeeklyChart } from "../../components/charts/WeeklyChart";
import { LoadError } from "../../components/LoadError";
import { Loading } from "../../components/Loading";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { insightMessages } from "../../lib/messages/insight";
import { usePageTitle } from "../../lib/usePageTitle";
import { AgencySummaryTable } from "./AgencySummaryTable";
import { funnelSeries, pageViewSeries } from "./platformModel";
import { RoutesTable } from "./RoutesTable";
import { chartWeeks } from "./weeks";

// The charts' code starts downloading with the page's, not after its data.
preloadCharts();

const m = insightMessages.platform;

export default function PlatformInsightPage() {
  usePageTitle(m.title);
  // A failure is this page's to show (LoadError), never empty tables.
  const insight = useQuery(InsightService.method.getPlatformInsight, {}, { meta: { handlesErrors: true } });

  let body: ReactNode;
  if (insight.isPending) {
    body = (
      <Loading>
        <Skeleton variant="rounded" height={240} />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2, mt: 3 }}>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      </Loading>
    );
  } else if (insight.isError) {
    body = <LoadError what={m.load} onRetry={() => void insight.refetch()} retrying={insight.isFetching} />;
  } else {
    body = <Insight insight={insight.data} />;
  }

  return (
    <PageContainer>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      {body}
    </PageContainer>
  );
}

function Insight({ insight }: { insight: GetPlatformInsightResponse }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: { xs: 3, sm: 4 } }}>
      <TableSection id="agencies-title" texts={m.agencies} empty={insight.agencies.length === 0}>
        <AgencySummaryTable rows={insight.agencies} labelledBy="agencies-title" />
      </TableSection>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 2 }}>
        {[
          { texts: m.funnel, weeks: chartWeeks(insight.funnel), series: funnelSeries(insight.funnel), testId: "chart-funnel" },
          { texts: m.pageViews, weeks: chartWeeks(insight.pageViewWeeks), series: pageViewSeries(insight.pageViewWeeks), testId: "chart-page-views" },
        ].map(({ texts, weeks, series, testId }) => (
          <WeeklyChart key={testId} title={texts.title} description={texts.description} weeks={weeks} series={series} kind="bar" headingLevel={2} testId={testId} />
        ))}
      </Box>

      <TableSection id="routes-title" texts={m.routes} empty={insight.routes.length === 0}>
        <RoutesTable rows={insight.routes} labelledBy="routes-title" />
      </TableSection>
    </Box>
  );
}

/** A section of the page around its table: its title (`id` names it), a hint, and the table or a line saying it is empty. */
function TableSection({ id, texts, empty, children }: { id: string; texts: { title: string; hint: string; empty: string }; empty: boolean; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ fontSize: "1.25rem" }}>
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {texts.hint}
      </Typography>
      {empty ? <Typography color="text.secondary">{texts.empty}</Typography> : children}
    </Box>
  );
}
