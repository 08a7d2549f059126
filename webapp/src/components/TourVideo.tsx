// The guided tour of the candidate's space (recorded by scripts/record-help-video.mjs, served
// from public/help): the help page's video, also shown on the subscription page.
import Box from "@mui/material/Box";
import { screenMessages } from "../lib/messages/screens";

const m = screenMessages.help;

/** The video's files in public/help, without their extension. */
export const TOUR_VIDEO = "/help/decouvrir-tremplin";

/** The tour, named by the heading whose id is `labelledBy`; French captions on. */
export function TourVideo({ labelledBy }: { labelledBy: string }) {
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      playsInline
      poster={`${TOUR_VIDEO}.jpg`}
      aria-labelledby={labelledBy}
      sx={{ display: "block", width: "100%", aspectRatio: "16 / 9", borderRadius: "14px", bgcolor: "#0F0D2E", border: 1, borderColor: "divider" }}
    >
      <source src={`${TOUR_VIDEO}.webm`} type="video/webm" />
      <source src={`${TOUR_VIDEO}.mp4`} type="video/mp4" />
      <track kind="captions" src={`${TOUR_VIDEO}.fr.vtt`} srcLang="fr" label={m.videoCaptions} default />
      <a href={`${TOUR_VIDEO}.mp4`}>{m.videoFallback}</a>
    </Box>
  );
}
