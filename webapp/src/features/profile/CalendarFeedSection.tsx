// The secret address of the candidate's calendar feed: shown with a copy button, replaced by
// a new one (the old one stops working) or turned off.
import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ContentCopyRounded from "@mui/icons-material/ContentCopyRounded";
import AutorenewRounded from "@mui/icons-material/AutorenewRounded";
import LinkOffRounded from "@mui/icons-material/LinkOffRounded";
import EventRounded from "@mui/icons-material/EventRounded";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { LoadError } from "../../components/LoadError";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { profileMessages } from "../../lib/messages/profile";
import { handledByApp } from "../../lib/queryClient";
import { Section } from "./Section";
import { Loading } from "../../components/Loading";

const m = profileMessages.calendar;
const feedKey = createConnectQueryKey({ schema: ActivityService.method.getCalendarFeed, cardinality: undefined });

// premium: the candidate's access is active; without it the server stops the feed.
export function CalendarFeedSection({ premium }: { premium: boolean }) {
  const toast = useToast();
  const modals = useModals();
  const queryClient = useQueryClient();
  const feed = useQuery(ActivityService.method.getCalendarFeed, {}, { meta: { handlesErrors: true } });
  const reset = useMutation(ActivityService.method.resetCalendarFeed, { meta: { handlesErrors: true } });
  const revoke = useMutation(ActivityService.method.revokeCalendarFeed, { meta: { handlesErrors: true } });
  const url = feed.data?.url ?? "";
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedKey });
  const failed = (err: unknown) => {
    if (!handledByApp(err)) toast.error(m.error);
  };

  const create = (done?: string) =>
    reset.mutateAsync({}).then(
      async () => {
        await refresh();
        if (done) toast.success(done);
      },
      failed,
    );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(m.copied);
    } catch {
      toast.warning(m.copyError);
    }
  };

  return (
    <Section id="calendar-feed" title={m.title}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {m.intro}
      </Typography>
      {!premium && url && (
        <Typography role="note" sx={{ mb: 2 }}>
          {m.paused}
        </Typography>
      )}
      {feed.isError && !feed.data ? (
        <LoadError what={m.load} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
      ) : feed.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={56} />
        </Loading>
      ) : url ? (
        <>
          <TextField
            label={m.url}
            value={url}
            slotProps={{ htmlInput: { readOnly: true, "data-testid": "calendar-url", onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {m.secret}
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
            <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
              {m.copy}
            </Button>
            <Button
              variant="outlined"
              startIcon={<AutorenewRounded />}
              disabled={reset.isPending}
              onClick={() => modals.confirm({ title: m.reset, message: m.resetConfirm, confirmLabel: m.reset, onConfirm: () => create(m.resetDone) })}
            >
              {m.reset}
            </Button>
            <Button
              color="error"
              startIcon={<LinkOffRounded />}
              disabled={revoke.isPending}
              onClick={() =>
                modals.confirm({
                  title: m.revoke,
                  message: m.revokeConfirm,
                  confirmLabel: m.revoke,
                  tone: "danger",
                  onConfirm: () =>
                    revoke.mutateAsync({}).then(async () => {
                      await refresh();
                      toast.success(m.revoked);
                    }, failed),
                })
              }
            >
              {m.revoke}
            </Button>
          </Box>
        </>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Typography color="text.secondary">{m.none}</Typography>
          <Button variant="contained" startIcon={<EventRounded />} disabled={reset.isPending} onClick={() => void create()}>
            {m.create}
          </Button>
        </Box>
      )}
    </Section>
  );
}
