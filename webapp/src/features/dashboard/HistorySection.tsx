// The dashboard's « Vos 12 dernières semaines »: its own query (GetDashboardHistory), so that the
// week's figures above never wait for it, nor for the chart's code.
import { useQuery } from "@connectrpc/connect-query";
import { create } from "@bufbuild/protobuf";
import Skeleton from "@mui/material/Skeleton";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { WeeklyHistorySchema } from "../../gen/tremplin/common/v1/history_pb";
import { LoadError } from "../../components/LoadError";
import { Loading } from "../../components/Loading";
import { WeeklyHistoryChart } from "../../components/charts/WeeklyHistoryChart";
import { historyMessages } from "../../lib/messages/history";

export function HistorySection() {
  // A failure is this section's to show (LoadError), not a toast.
  const history = useQuery(ActivityService.method.getDashboardHistory, {}, { meta: { handlesErrors: true } });
  if (history.isError && !history.data) {
    return <LoadError what={historyMessages.candidate.load} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  }
  if (!history.data) {
    return (
      <Loading card sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Skeleton variant="text" width={240} height={32} />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={300} sx={{ mt: 1.5 }} />
      </Loading>
    );
  }
  return <WeeklyHistoryChart history={history.data.history ?? create(WeeklyHistorySchema)} audience="candidate" />;
}
