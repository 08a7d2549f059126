import Box from "@mui/material/Box";
import WorkspacePremiumRounded from "@mui/icons-material/WorkspacePremiumRounded";
import { brand } from "../lib/theme";
import { screenMessages } from "../lib/messages/screens";

/**
 * The badge of a premium control shown to a non-subscriber (spec section 6). `compact` shows
 * the icon alone (its name is still read out).
 */
export function PremiumBadge({ compact = false }: { compact?: boolean }) {
  const m = screenMessages.premium;
  return (
    <Box
      component="span"
      title={m.hint}
      data-testid="premium-badge"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.4,
        px: compact ? 0.4 : 0.8,
        py: 0.15,
        borderRadius: 99,
        bgcolor: brand.accentLight,
        color: "#92400E",
        fontWeight: 700,
        fontSize: "0.6875rem",
        lineHeight: 1.4,
        letterSpacing: "0.01em",
        flex: "none",
        verticalAlign: "middle",
      }}
    >
      <WorkspacePremiumRounded sx={{ fontSize: 14 }} aria-hidden />
      {compact ? (
        <Box component="span" sx={visuallyHidden}>
          {m.badge}
        </Box>
      ) : (
        m.badge
      )}
    </Box>
  );
}

/** Read out, not shown. */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  p: 0,
  m: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;
