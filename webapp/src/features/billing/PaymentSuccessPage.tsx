import { useEffect, useState } from "react";
import { useNavigate, Link as RouterLink } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import { EmptyState } from "../../components/EmptyState";
import { visuallyHidden } from "../../components/PremiumBadge";
import { PageContainer } from "../../components/layout/PageContainer";
import { meQueryFilter } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

const m = screenMessages.billing;
export const SUCCESS_REDIRECT_SECONDS = 5;

/** /success: thanks, then back to the home page after 5 seconds. */
export default function PaymentSuccessPage() {
  usePageTitle(m.successTitle);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  // Screen readers hear the redirection once, not every second: the live region is filled
  // after the first render (a region's first content is not announced), the ticking timer is
  // not live.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => setAnnounce(true), []);

  useEffect(() => {
    // The subscription changed the user's access: read the session again.
    void queryClient.invalidateQueries({ queryKey: meQueryFilter });
  }, [queryClient]);

  useEffect(() => {
    if (left <= 0) {
      navigate("/", { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);

  return (
    <PageContainer narrow>
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
    </PageContainer>
  );
}
