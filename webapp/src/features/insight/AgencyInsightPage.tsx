// « Suivi de l'agence »: an agency's last 12 weeks. At /insight for the agency admin (their own
// agency), at /agencies/:id/insight for the platform admin (any agency). A sentence on consent,
// four weekly charts (the sharing candidates' figures, and every candidate's anonymous totals
// when enough do not share), the sharing candidates' table, and the licences week by week.
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import DomainDisabledRounded from "@mui/icons-material/DomainDisabledRounded";
import LockPersonRounded from "@mui/icons-material/LockPersonRounded";
import PrivacyTipRounded from "@mui/icons-material/PrivacyTipRounded";
import { InsightService, type GetAgencyInsightResponse } from "../../gen/tremplin/insight/v1/insight_pb";
import { BackBreadcrumbs } from "../../components/BackBreadcrumbs";
import { preloadCharts, WeeklyChart } from "../../components/charts/WeeklyChart";
import { EmptyState } from "../../components/EmptyState";
import { LoadError } from "../../components/LoadError";
import { Loading } from "../../components/Loading";
import { NotFoundState } from "../../components/NotFoundState";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { isMissing } from "../../lib/errors";
import { insightMessages } from "../../lib/messages/insight";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { consentSentence, figureSeries, FIGURES, licenceSeries, licenceWeeks } from "./agencyModel";
import { SharingTable } from "./SharingTable";
import { chartWeeks } from "./weeks";

// The charts' code starts downloading with the page's, not after its data.
preloadCharts();

const m = insightMessages.agency;

export default function AgencyInsightPage() {
  // The platform admin's /agencies/:id/insight names the agency; the agency admin's /insight
  // asks for their own (an empty id).
  const { id } = useParams();
  const forPlatform = id !== undefined;
  const insight = useQuery(InsightService.method.getAgencyInsight, { agencyId: id ?? "" }, { meta: { handlesErrors: true } });
  const agencyName = insight.data?.agency?.name ?? "";
  usePageTitle(forPlatform && agencyName ? m.titleFor(agencyName) : m.title);

  // An agency the platform admin cannot find (unknown, deleted, a malformed id): the whole
  // page says so, with the way back. Any other failure is a load error to retry.
  if (forPlatform && insight.isError && isMissing(insight.error)) {
    return (
      <PageContainer>
        <NotFoundState icon={<DomainDisabledRounded />} title={m.notFoundTitle} text={m.notFoundText} backTo="/agencies" backLabel={m.back} />
      </PageContainer>
    );
  }

  let body: ReactNode;
  if (insight.isPending) {
    body = (
      <Loading>
        <Skeleton variant="rounded" height={56} />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2, mt: 3 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={280} />
          ))}
        </Box>
      </Loading>
    );
  } else if (insight.isError) {
    body = <LoadError what={m.load} onRetry={() => void insight.refetch()} retrying={insight.isFetching} />;
  } else {
    body = <Insight insight={insight.data} forPlatform={forPlatform} />;
  }

  return (
    <PageContainer>
      {forPlatform && (
        <BackBreadcrumbs label={m.breadcrumb} to="/agencies" list={m.back} current={agencyName || m.title} />
      )}
      <PageHeader title={m.title} subtitle={agencyName ? m.subtitleFor(agencyName) : m.subtitle} />
      {body}
    </PageContainer>
  );
}

function Insight({ insight, forPlatform }: { insight: GetAgencyInsightResponse; forPlatform: boolean }) {
  const weeks = chartWeeks(insight.weeks);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: { xs: 3, sm: 4 } }}>
      <Box
        data-testid="consent"
        sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", p: 2, borderRadius: "12px", bgcolor: brand.primaryLight, color: "text.primary" }}
      >
        <PrivacyTipRounded sx={{ color: "primary.main", mt: 0.25 }} aria-hidden />
        <Typography>{consentSentence(insight)}</Typography>
      </Box>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 2 }}>
        {FIGURES.map((figure) => (
          <WeeklyChart
            key={figure}
            title={m.charts[figure].title}
            description={m.charts[figure].description}
            weeks={weeks}
            series={figureSeries(insight.weeks, figure)}
            headingLevel={2}
            testId={`chart-${figure}`}
          />
        ))}
      </Box>

      <Box component="section" aria-labelledby="sharing-title">
        <Typography id="sharing-title" variant="h2" sx={{ fontSize: "1.25rem" }}>
          {m.table.title}
        </Typography>
        {insight.sharing.length === 0 ? (
          <EmptyState level="minor" tone="accent" icon={<LockPersonRounded />} title={m.table.emptyTitle} text={m.table.emptyText} textMaxWidth={560} sx={{ mt: 1.5 }} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
              {m.table.hint}
            </Typography>
            <SharingTable rows={insight.sharing} labelledBy="sharing-title" linkToProgress={!forPlatform} />
          </>
        )}
      </Box>

      <WeeklyChart
        title={m.licences.title}
        description={m.licences.description}
        weeks={licenceWeeks(insight.licences, insight.weeks)}
        series={licenceSeries(insight.licences)}
        kind="bar"
        headingLevel={2}
        testId="chart-licences"
      />
    </Box>
  );
}
