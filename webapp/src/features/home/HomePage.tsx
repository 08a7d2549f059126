import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import ArrowForwardRounded from "@mui/icons-material/ArrowForwardRounded";
import EventNoteRounded from "@mui/icons-material/EventNoteRounded";
import FormatQuoteRounded from "@mui/icons-material/FormatQuoteRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import TipsAndUpdatesRounded from "@mui/icons-material/TipsAndUpdatesRounded";
import WorkOutlineRounded from "@mui/icons-material/WorkOutlineRounded";
import { CallBacksPanel } from "../../components/CallBacksPanel";
import { IconBadge, type Tone } from "../../components/IconBadge";
import { PageContainer } from "../../components/layout/PageContainer";
import { formatDate } from "../../lib/format";
import { useUser } from "../../lib/session";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { randomQuote } from "../../lib/content/quotes";
import { screenMessages } from "../../lib/messages/screens";

const m = screenMessages.home;

const stepVisuals: { icon: ReactNode; tone: Tone; to: string }[] = [
  { icon: <PersonAddAlt1Rounded />, tone: "primary", to: "/contacts" },
  { icon: <EventNoteRounded />, tone: "accent", to: "/activities" },
  { icon: <WorkOutlineRounded />, tone: "success", to: "/applications" },
  { icon: <InsightsRounded />, tone: "info", to: "/dashboard" },
];

export default function HomePage() {
  usePageTitle(screenMessages.shell.home);
  const user = useUser();
  const [quote] = useState(() => randomQuote());
  const inTrial = user.isB2c && !user.hasPaid && user.hasPremiumAccess && user.trialEndDate;

  return (
    <PageContainer>
      <Box sx={{ mb: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.25rem" } }}>
          {m.greeting(user.firstName)}
        </Typography>
        <Typography variant="subtitle1" sx={{ mt: 1, fontSize: { sm: "1.0625rem" } }}>
          {m.intro}
        </Typography>
      </Box>

      {inTrial && user.trialEndDate && (
        <Alert severity="info" sx={{ mb: 4 }}>
          {m.trialEnds(formatDate(user.trialEndDate))}
        </Alert>
      )}

      <CallBacksPanel />

      <Box component="section" aria-labelledby="guide-title">
        <Typography id="guide-title" variant="h2" sx={{ mb: 2.5, fontSize: { xs: "1.25rem", sm: "1.5rem" } }}>
          {m.guideTitle}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(4, 1fr)" },
          }}
        >
          {m.steps.map((step, i) => {
            const visual = stepVisuals[i]!;
            return (
              <Card component="li" key={step.title} sx={{ p: 3, display: "flex", flexDirection: "column", gap: 1.5, transition: "box-shadow .2s, transform .2s", "&:hover": { boxShadow: "0 12px 30px rgba(30,34,53,0.08)", transform: "translateY(-2px)" } }}>
                <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
                  <IconBadge tone={visual.tone} size={52}>
                    {visual.icon}
                  </IconBadge>
                  <Typography variant="overline" sx={{ color: "text.secondary", fontWeight: 700, letterSpacing: "0.08em" }}>
                    {m.stepLabel(i + 1)}
                  </Typography>
                </Box>
                <Typography variant="h4" component="h3" sx={{ mt: 0.5 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                  {step.text}
                </Typography>
                <Box>
                  <Button component={RouterLink} to={visual.to} endIcon={<ArrowForwardRounded />} sx={{ px: 0, "&:hover": { bgcolor: "transparent", textDecoration: "underline" } }}>
                    {step.action}
                  </Button>
                </Box>
              </Card>
            );
          })}
        </Box>
      </Box>

      <Box sx={{ mt: { xs: 3, sm: 4 }, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
        <Card
          component="figure"
          data-testid="daily-quote"
          sx={{
            m: 0,
            p: { xs: 3, sm: 4 },
            position: "relative",
            overflow: "hidden",
            border: "none",
            color: "#fff",
            display: "flex",
            flexDirection: "column",
            justifyContent: "center",
            background: `linear-gradient(135deg, ${brand.primary} 0%, ${brand.primaryDark} 100%)`,
          }}
        >
          <FormatQuoteRounded aria-hidden sx={{ position: "absolute", right: 16, top: 4, fontSize: 120, opacity: 0.12 }} />
          <Typography variant="overline" sx={{ opacity: 0.8, fontWeight: 700, letterSpacing: "0.08em" }}>
            {m.quoteTitle}
          </Typography>
          <Typography component="blockquote" sx={{ m: 0, mt: 1, fontSize: { xs: "1.125rem", sm: "1.3125rem" }, fontWeight: 550, lineHeight: 1.5, position: "relative" }}>
            «&nbsp;{quote.text}&nbsp;»
          </Typography>
          <Typography component="figcaption" sx={{ mt: 2, opacity: 0.85 }}>
            — {quote.author}
            {quote.source && (
              <Box component="cite" sx={{ fontStyle: "italic" }}>
                , {quote.source}
              </Box>
            )}
          </Typography>
        </Card>
        <Card sx={{ p: { xs: 3, sm: 4 }, display: "flex", flexDirection: "column", gap: 1.5, bgcolor: brand.accentLight, borderColor: "#FDE68A" }}>
          <IconBadge tone="accent" size={48} onColor>
            <TipsAndUpdatesRounded />
          </IconBadge>
          <Typography variant="h4" component="h2">
            {m.helpTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {m.helpText}
          </Typography>
          <Box>
            <Button component={RouterLink} to="/help" variant="contained" color="secondary">
              {m.helpLink}
            </Button>
          </Box>
        </Card>
      </Box>
    </PageContainer>
  );
}
