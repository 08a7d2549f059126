// /ask-subscription (spec section 2, « Other screens »): the Premium pitch, the price, the payment
// button (GET /api/payment/session, a browser navigation to Stripe Checkout) and the tour video;
// the ask-payment variant once a B2C trial has ended. A candidate who pays already, or whom a
// licence or free access makes premium, is told so instead.
import type { ReactNode } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import HourglassBottomRounded from "@mui/icons-material/HourglassBottomRounded";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import LockRounded from "@mui/icons-material/LockRounded";
import WorkspacePremiumRounded from "@mui/icons-material/WorkspacePremiumRounded";
import { EmptyState } from "../../components/EmptyState";
import { IconBadge } from "../../components/IconBadge";
import { TourVideo } from "../../components/TourVideo";
import { PageContainer } from "../../components/layout/PageContainer";
import { BillingService } from "../../gen/tremplin/billing/v1/billing_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { formatDate } from "../../lib/format";
import { useUser } from "../../lib/session";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";
import { SUBSCRIPTION_PANEL, trialIsOver } from "./access";

const m = screenMessages.billing;

/** The browser route that opens Stripe Checkout (the server answers 303). */
export const CHECKOUT_PATH = "/api/payment/session";

export default function AskSubscriptionPage() {
  const user = useUser();
  const over = trialIsOver(user);
  usePageTitle(over ? m.trialOverTitle : m.askTitle);

  if (user.isB2c && user.hasPaid) {
    return (
      <Already
        title={m.alreadySubscribedTitle}
        text={m.alreadySubscribedText}
        actions={
          <>
            <Button component={RouterLink} to={SUBSCRIPTION_PANEL} variant="contained">
              {m.seeSubscription}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              {m.backHome}
            </Button>
          </>
        }
      />
    );
  }
  // A licence or free access: nothing to buy.
  if (user.hasPremiumAccess && (!user.isB2c || user.hasFreeAccess)) {
    return (
      <Already
        title={m.alreadyPremiumTitle}
        text={m.alreadyPremiumText}
        actions={
          <Button component={RouterLink} to="/" variant="contained">
            {m.backHome}
          </Button>
        }
      />
    );
  }

  return (
    <PageContainer>
      <Box sx={{ display: "grid", gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1.25fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <Box>
          <IconBadge tone={over ? "accent" : "primary"} size={60}>
            {over ? <HourglassBottomRounded /> : <WorkspacePremiumRounded />}
          </IconBadge>
          <Typography variant="h1" sx={{ mt: 2.5, fontSize: { xs: "1.75rem", sm: "2.25rem" } }}>
            {over ? m.trialOverTitle : m.askTitle}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 1.5, fontSize: { sm: "1.0625rem" }, maxWidth: 560 }}>
            {intro(user, over)}
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
        {user.isB2c && <PriceCard />}
        <Box component="section" aria-labelledby="tour-title" sx={{ gridColumn: { md: "1 / -1" }, maxWidth: 760 }}>
          <Typography id="tour-title" variant="h4" component="h2">
            {m.videoTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {m.videoText}
          </Typography>
          <TourVideo labelledBy="tour-title" />
        </Box>
      </Box>
    </PageContainer>
  );
}

function intro(user: User, over: boolean): string {
  if (!user.isB2c) return m.agencyIntro;
  if (over) return m.trialOverIntro;
  if (user.hasPremiumAccess && user.trialEndDate) return m.trialIntro(formatDate(user.trialEndDate));
  return m.askIntro;
}

/**
 * The price and the payment button: a plain link the server answers with Stripe Checkout. When
 * the server says online payment is not configured, a disabled button and why, never a link
 * that leads nowhere. Until it has answered (or if it cannot), the link is offered: the server's
 * own page explains a refusal.
 */
function PriceCard() {
  const subscription = useQuery(BillingService.method.getSubscription, {}, { meta: { handlesErrors: true } });
  const unavailable = subscription.data?.subscription?.paymentsAvailable === false;
  return (
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
      {unavailable ? (
        <>
          <Button variant="contained" size="large" fullWidth disabled aria-describedby="payment-unavailable" sx={{ mt: 3 }}>
            {m.subscribe}
          </Button>
          <Box id="payment-unavailable" sx={{ display: "flex", gap: 1, mt: 2, color: "#7C2D12", alignItems: "flex-start" }}>
            <InfoOutlined sx={{ fontSize: 18, mt: "2px" }} aria-hidden />
            <Typography variant="body2">{m.paymentUnavailable}</Typography>
          </Box>
        </>
      ) : (
        <>
          <Button component="a" href={CHECKOUT_PATH} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
            {m.subscribe}
          </Button>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 2, color: "text.secondary" }}>
            <LockRounded sx={{ fontSize: 16 }} />
            <Typography variant="caption">{m.paymentSecure}</Typography>
          </Box>
        </>
      )}
    </Card>
  );
}

function Already({ title, text, actions }: { title: string; text: string; actions: ReactNode }) {
  return (
    <PageContainer narrow>
      <EmptyState level="page" tone="success" iconSize={64} icon={<WorkspacePremiumRounded />} title={title} text={text} actions={actions} sx={{ p: { xs: 4, sm: 6 } }} />
    </PageContainer>
  );
}
