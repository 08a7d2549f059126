import { useEffect, useState } from "react";
import { useNavigate, Link as RouterLink } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import { IconBadge } from "../../components/IconBadge";
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
      <Card sx={{ p: { xs: 4, sm: 6 }, textAlign: "center", display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}>
        <IconBadge tone="success" size={72}>
          <CheckCircleRounded />
        </IconBadge>
        <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.875rem" } }}>
          {m.successTitle}
        </Typography>
        <Typography color="text.secondary">{m.successText}</Typography>
        <Typography role="timer" aria-live="polite" sx={{ fontWeight: 600 }}>
          {m.successCountdown(Math.max(left, 0))}
        </Typography>
        <Button component={RouterLink} to="/" replace variant="contained">
          {m.successNow}
        </Button>
      </Card>
    </PageContainer>
  );
}
