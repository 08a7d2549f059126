import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { messages } from "../lib/messages";

/** Shown while the start-up session check or a lazy screen loads. */
export function Splash({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      aria-label={messages.app.loading}
      sx={{ display: "grid", placeItems: "center", minHeight: fullScreen ? "100vh" : 320, width: "100%" }}
    >
      <CircularProgress size={32} thickness={4.5} />
    </Box>
  );
}
