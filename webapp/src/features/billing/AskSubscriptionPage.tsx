import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import HourglassBottomRounded from "@mui/icons-material/HourglassBottomRounded";
import LockRounded from "@mui/icons-material/LockRounded";
import WorkspacePremiumRounded from "@mui/icons-material/WorkspacePremiumRounded";
import { EmptyState } from "../../components/EmptyState";
import { IconBadge } from "../../components/IconBadge";
import { PageContainer } from "../../components/layout/PageContainer";
import { trialIsOver } from "./access";
import { useUser } from "../../lib/session";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

const m = screenMessages.billing;

export default function AskSubscriptionPage() {
  const user = useUser();
  const over = trialIsOver(user);
  usePageTitle(over ? m.trialOverTitle : m.askTitle);

  if (user.hasPremiumAccess) {
    return (
      <PageContainer narrow>
        <EmptyState
          level="page"
          tone="success"
          iconSize={64}
          icon={<WorkspacePremiumRounded />}
          title={m.alreadyPremiumTitle}
          text={m.alreadyPremiumText}
          actions={
            <Button component={RouterLink} to="/" variant="contained">
              {m.backHome}
            </Button>
          }
          sx={{ p: { xs: 4, sm: 6 } }}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Box sx={{ display: "grid", gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: "1fr", md: "1.25fr 1fr" }, alignItems: "start" }}>
        <Box>
          <IconBadge tone={over ? "accent" : "primary"} size={60}>
            {over ? <HourglassBottomRounded /> : <WorkspacePremiumRounded />}
          </IconBadge>
          <Typography variant="h1" sx={{ mt: 2.5, fontSize: { xs: "1.75rem", sm: "2.25rem" } }}>
            {over ? m.trialOverTitle : m.askTitle}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 1.5, fontSize: { sm: "1.0625rem" }, maxWidth: 560 }}>
            {over ? m.trialOverIntro : m.askIntro}
          </Typography>
          <Typography variant="h4" component="h2" sx={{ mt: 4, mb: 2 }}>
            {m.featuresTitle}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
            {m.features.map((f) => (
              <Box component="li" key={f} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
                <CheckCircleRounded sx={{ color: "success.main", mt: "2px" }} fontSize="small" />
                <Typography>{f}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Card sx={{ p: { xs: 3, sm: 4 }, borderWidth: 2, borderColor: brand.primary, position: { md: "sticky" }, top: { md: 96 } }}>
          <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, px: 1.25, py: 0.5, borderRadius: 99, bgcolor: brand.accentLight, color: "#92400E", fontWeight: 700, fontSize: "0.8125rem" }}>
            <WorkspacePremiumRounded sx={{ fontSize: 16 }} />
            {screenMessages.shell.premiumBadge}
          </Box>
          <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, mt: 2 }}>
            <Typography component="span" sx={{ fontSize: "3rem", fontWeight: 800, letterSpacing: "-0.03em", lineHeight: 1 }}>
              {m.price}
            </Typography>
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 600 }}>
              {m.priceUnit}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {m.priceTerms}
          </Typography>
          <Button component="a" href="/api/payment/session" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
            {m.subscribe}
          </Button>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 2, color: "text.secondary" }}>
            <LockRounded sx={{ fontSize: 16 }} />
            <Typography variant="caption">{m.paymentSecure}</Typography>
          </Box>
        </Card>
      </Box>
    </PageContainer>
  );
}
