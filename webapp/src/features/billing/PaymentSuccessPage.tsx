// /success, where Stripe Checkout sends the candidate back (?session_id=cs_…). The page asks the
// server once to confirm that session (ConfirmCheckout reads it from Stripe, so Premium shows
// even when Stripe's webhook is late); only a paid subscription is announced as activated, with
// the session user read again and the spec's 5-second countdown to the home page. Without a
// session, or for one that is unknown or not paid, the page says so and points to the
// subscription page and the profile: it never claims an activation it has not seen.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams, Link as RouterLink } from "react-router";
import { useMutation } from "@connectrpc/connect-query";
import { Code } from "@connectrpc/connect";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import ErrorOutlineRounded from "@mui/icons-material/ErrorOutlineRounded";
import HelpOutlineRounded from "@mui/icons-material/HelpOutlineRounded";
import HourglassBottomRounded from "@mui/icons-material/HourglassBottomRounded";
import { EmptyState } from "../../components/EmptyState";
import { visuallyHidden } from "../../components/PremiumBadge";
import { PageContainer } from "../../components/layout/PageContainer";
import { BillingService } from "../../gen/tremplin/billing/v1/billing_pb";
import { errorCode, isNotFound } from "../../lib/errors";
import { SUBSCRIPTION_PATH } from "../../lib/premium";
import { meQueryFilter } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";
import { SUBSCRIPTION_PANEL } from "./access";

const m = screenMessages.billing;
export const SUCCESS_REDIRECT_SECONDS = 5;

/** A Checkout session id as Stripe makes them (the server's rule); anything else is unknown. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,252}$/;

type State = "confirming" | "paid" | "pending" | "unknown" | "none" | "failed";

/** The server's refusals that mean « this session is not one of yours »: not found, malformed. */
function sessionUnknown(err: unknown): boolean {
  return isNotFound(err) || errorCode(err) === Code.InvalidArgument;
}

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() ?? "";
  const wellFormed = SESSION_ID.test(sessionId);
  const queryClient = useQueryClient();
  const confirm = useMutation(BillingService.method.confirmCheckout, {
    // The page shows its own outcome for every refusal (a lost session still signs out).
    meta: { handlesErrors: true },
    onSuccess: (res) => {
      // Premium changed the session user's access: read it again, so that the menus and the
      // premium screens follow without signing out.
      if (res.subscription?.hasPaid) void queryClient.invalidateQueries({ queryKey: meQueryFilter });
    },
  });
  const { mutate } = confirm;

  // Once per page: no polling. A later try is the candidate's (« Réessayer »).
  const asked = useRef(false);
  useEffect(() => {
    if (!wellFormed || asked.current) return;
    asked.current = true;
    mutate({ sessionId });
  }, [wellFormed, sessionId, mutate]);

  let state: State;
  if (!sessionId) state = "none";
  else if (!wellFormed) state = "unknown";
  else if (confirm.isError) state = sessionUnknown(confirm.error) ? "unknown" : "failed";
  else if (confirm.isSuccess) state = confirm.data.subscription?.hasPaid ? "paid" : "pending";
  else state = "confirming";

  return (
    <PageContainer narrow>
      {state === "confirming" && <Confirming />}
      {state === "paid" && <Paid />}
      {state === "pending" && (
        <Outcome title={m.pendingTitle} text={m.pendingText} tone="accent" icon={<HourglassBottomRounded />} />
      )}
      {state === "unknown" && <Outcome title={m.unknownTitle} text={m.unknownText} tone="info" icon={<HelpOutlineRounded />} />}
      {state === "none" && <Outcome title={m.noSessionTitle} text={m.noSessionText} tone="info" icon={<HelpOutlineRounded />} />}
      {state === "failed" && (
        <Outcome
          title={m.failedTitle}
          text={m.failedText}
          tone="danger"
          icon={<ErrorOutlineRounded />}
          first={
            <Button variant="contained" onClick={() => mutate({ sessionId })} loading={confirm.isPending}>
              {m.retry}
            </Button>
          }
        />
      )}
    </PageContainer>
  );
}

function Confirming() {
  usePageTitle(m.confirming);
  return (
    <Box aria-busy="true" sx={{ py: { xs: 8, sm: 10 }, display: "flex", flexDirection: "column", alignItems: "center", gap: 2.5, textAlign: "center" }}>
      <CircularProgress aria-labelledby="confirming-title" size={40} />
      <Typography id="confirming-title" variant="h1" sx={{ fontSize: { xs: "1.375rem", sm: "1.5rem" } }}>
        {m.confirming}
      </Typography>
    </Box>
  );
}

/** A confirmation that did not activate anything: what happened, and where to go. */
function Outcome({
  title,
  text,
  tone,
  icon,
  first,
}: {
  title: string;
  text: string;
  tone: "accent" | "info" | "danger";
  icon: ReactNode;
  first?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <EmptyState
      level="page"
      tone={tone}
      icon={icon}
      title={title}
      text={text}
      textMaxWidth={520}
      actions={
        <>
          {first}
          <Button component={RouterLink} to={SUBSCRIPTION_PANEL} variant={first ? "outlined" : "contained"}>
            {m.seeSubscription}
          </Button>
          <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="outlined">
            {m.discoverPremium}
          </Button>
        </>
      }
      sx={{ p: { xs: 4, sm: 6 } }}
    />
  );
}

/** The subscription is paid: thanks, then back to the home page after 5 seconds. */
function Paid() {
  usePageTitle(m.successTitle);
  const navigate = useNavigate();
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  // Screen readers hear the redirection once, not every second: the live region is filled
  // after the first render (a region's first content is not announced), the ticking timer is
  // not live.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => setAnnounce(true), []);

  useEffect(() => {
    if (left <= 0) {
      navigate("/", { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);

  return (
    <EmptyState
      level="page"
      tone="success"
      icon={<CheckCircleRounded />}
      title={m.successTitle}
      text={m.successText}
      actions={
        <Button component={RouterLink} to="/" replace variant="contained">
          {m.successNow}
        </Button>
      }
      sx={{ p: { xs: 4, sm: 6 } }}
    >
      <Typography role="timer" aria-live="off" sx={{ fontWeight: 600 }}>
        {m.successCountdown(Math.max(left, 0))}
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {announce ? m.successCountdown(SUCCESS_REDIRECT_SECONDS) : ""}
      </Box>
    </EmptyState>
  );
}
