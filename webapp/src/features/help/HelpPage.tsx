import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import ExpandMoreRounded from "@mui/icons-material/ExpandMoreRounded";
import LightbulbOutlined from "@mui/icons-material/LightbulbOutlined";
import MailOutlineRounded from "@mui/icons-material/MailOutlineRounded";
import PlayCircleOutlineRounded from "@mui/icons-material/PlayCircleOutlineRounded";
import { IconBadge } from "../../components/IconBadge";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { agencyTips, candidateTips, type HelpTip } from "../../lib/content/help";
import { useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { frenchSpacing as t } from "../../lib/typography";
import { screenMessages } from "../../lib/messages/screens";

const m = screenMessages.help;

/** The guided tour recorded by scripts/record-help-video.mjs (served from public/help). */
const video = "/help/decouvrir-tremplin";

export default function HelpPage() {
  usePageTitle(m.title);
  const { audience } = useSession();
  const tips: readonly HelpTip[] =
    audience === "agency-admin" ? agencyTips : audience === "admin" ? [...agencyTips, ...candidateTips] : candidateTips;

  return (
    <PageContainer>
      <PageHeader title={m.title} subtitle={audience === "candidate" ? m.intro : m.introAgency} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" }, alignItems: "start" }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 }}>
          <Box component="section" aria-labelledby="video-title">
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
              <IconBadge tone="primary" size={40}>
                <PlayCircleOutlineRounded />
              </IconBadge>
              <Box>
                <Typography id="video-title" variant="h2" sx={{ fontSize: "1.25rem" }}>
                  {m.videoTitle}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.videoText}
                </Typography>
              </Box>
            </Box>
            <Box
              component="video"
              controls
              preload="metadata"
              playsInline
              poster={`${video}.jpg`}
              aria-labelledby="video-title"
              sx={{ display: "block", width: "100%", aspectRatio: "16 / 9", borderRadius: "14px", bgcolor: "#0F0D2E", border: 1, borderColor: "divider" }}
            >
              <source src={`${video}.webm`} type="video/webm" />
              <source src={`${video}.mp4`} type="video/mp4" />
              <track kind="captions" src={`${video}.fr.vtt`} srcLang="fr" label={m.videoCaptions} default />
              <a href={`${video}.mp4`}>{m.videoFallback}</a>
            </Box>
          </Box>
          <Box component="section" aria-labelledby="tips-title">
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
              <IconBadge tone="accent" size={40}>
                <LightbulbOutlined />
              </IconBadge>
              <Typography id="tips-title" variant="h2" sx={{ fontSize: "1.25rem" }}>
                {m.tipsTitle}
              </Typography>
            </Box>
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1.25 }}>
              {tips.map((tip, i) => (
                <Accordion
                  key={tip.id}
                  defaultExpanded={i === 0}
                  disableGutters
                  variant="outlined"
                  sx={{ borderRadius: "14px !important", "&::before": { display: "none" }, overflow: "hidden" }}
                >
                  <AccordionSummary expandIcon={<ExpandMoreRounded />} sx={{ px: 2.5, py: 0.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(tip.title)}</Typography>
                  </AccordionSummary>
                  <AccordionDetails sx={{ px: 2.5, pt: 0, pb: 2.5 }}>
                    <Typography color="text.secondary">{t(tip.text)}</Typography>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          </Box>
        </Box>
        <Card sx={{ p: 3, display: "flex", flexDirection: "column", gap: 1.5, position: { md: "sticky" }, top: { md: 96 } }}>
          <IconBadge tone="primary" size={48}>
            <MailOutlineRounded />
          </IconBadge>
          <Typography variant="h4" component="h2">
            {m.contactTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {m.contactText}
          </Typography>
          <Box>
            <Button component="a" href={`mailto:${m.contactEmail}`} variant="outlined" startIcon={<MailOutlineRounded />}>
              {m.contactEmail}
            </Button>
          </Box>
        </Card>
      </Box>
    </PageContainer>
  );
}
