// What a panel or a list shows when its call failed: « Impossible de charger … » and a retry
// button — never the empty state (« aucune … »), which it could not know.
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ErrorOutlineRounded from "@mui/icons-material/ErrorOutlineRounded";
import RefreshRounded from "@mui/icons-material/RefreshRounded";
import type { SxProps, Theme } from "@mui/material/styles";
import { screenMessages } from "../lib/messages/screens";

const m = screenMessages.loadError;

/**
 * `what` completes « Impossible de charger … » (« les activités de ce contact »). `onRetry`
 * calls again (a query's refetch); the button waits while `retrying`.
 */
export function LoadError({ what, onRetry, retrying = false, sx }: { what: string; onRetry: () => void; retrying?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box
      role="alert"
      data-testid="load-error"
      sx={[
        { py: 2.5, px: 2, display: "flex", alignItems: "center", justifyContent: "center", gap: 1.5, flexWrap: "wrap", textAlign: "center", borderRadius: "12px", bgcolor: "#FEF2F2", border: "1px solid #FECACA" },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <ErrorOutlineRounded sx={{ color: "#B91C1C" }} aria-hidden />
      <Typography sx={{ color: "#7F1D1D" }}>{m.text(what)}</Typography>
      <Button size="small" variant="outlined" color="inherit" startIcon={<RefreshRounded />} onClick={onRetry} loading={retrying} sx={{ color: "#7F1D1D", borderColor: "#FCA5A5" }}>
        {m.retry}
      </Button>
    </Box>
  );
}
