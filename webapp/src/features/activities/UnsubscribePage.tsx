// /unsubscribe?token=…: the morning e-mail's link. Works without signing in: the token says
// whose task notifications to stop. Sent once on arrival; says in French that the e-mails are
// stopped, or that the link is not valid.
import { useEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import LinkOffRounded from "@mui/icons-material/LinkOffRounded";
import MarkEmailReadRounded from "@mui/icons-material/MarkEmailReadRounded";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { IconBadge } from "../../components/IconBadge";
import { errorCode } from "../../lib/errors";
import { activityMessages } from "../../lib/messages/activities";
import { handlesAllErrors } from "../../lib/queryClient";
import { usePageTitle } from "../../lib/usePageTitle";
import { Code } from "@connectrpc/connect";

const m = activityMessages.unsubscribe;

export default function UnsubscribePage() {
  usePageTitle(m.title);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const call = useMutation(ActivityService.method.unsubscribeTaskNotifications, { meta: handlesAllErrors });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    call.mutate({ token });
  }, [token, call]);

  // A missing, malformed or unknown token is an invalid link; anything else a passing failure.
  const invalid = !token || (call.isError && [Code.NotFound, Code.InvalidArgument, Code.PermissionDenied].includes(errorCode(call.error) ?? Code.Unknown));
  const state = invalid ? "invalid" : call.isSuccess ? "done" : call.isError ? "error" : "working";

  return (
    <Box sx={{ flex: 1, display: "flex", justifyContent: "center", alignItems: "flex-start", px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: "100%", maxWidth: 520, borderRadius: "20px", p: { xs: 3, sm: 5 }, textAlign: "center", display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}>
        {state === "working" ? (
          <CircularProgress aria-label={m.working} />
        ) : (
          <IconBadge size={60} tone={state === "done" ? "success" : "danger"}>
            {state === "done" ? <MarkEmailReadRounded /> : <LinkOffRounded />}
          </IconBadge>
        )}
        <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" } }}>
          {m.title}
        </Typography>
        <Box role="status" aria-live="polite">
          <Typography sx={{ fontWeight: 600 }} data-testid="unsubscribe-result">
            {state === "done" ? m.done : state === "invalid" ? m.invalid : state === "error" ? m.error : m.working}
          </Typography>
          {(state === "done" || state === "invalid") && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {state === "done" ? m.doneHint : m.invalidHint}
            </Typography>
          )}
        </Box>
        {state === "error" ? (
          <Button variant="contained" onClick={() => call.mutate({ token })}>
            {m.retry}
          </Button>
        ) : state !== "working" ? (
          <Button component={RouterLink} to="/" variant="contained">
            {m.home}
          </Button>
        ) : null}
      </Paper>
    </Box>
  );
}
