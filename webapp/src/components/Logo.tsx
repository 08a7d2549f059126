import Box from "@mui/material/Box";
import { brand } from "../lib/theme";

/** The Tremplin mark (a springboard and its spark) and name. */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1.1 }}>
      <Box component="svg" viewBox="0 0 64 64" sx={{ width: 32, height: 32, flex: "none" }} aria-hidden>
        <rect width="64" height="64" rx="16" fill={inverted ? "#fff" : brand.primary} />
        <path
          d="M14 44h20l16-22"
          fill="none"
          stroke={inverted ? brand.primary : "#fff"}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="50" cy="16" r="5" fill={brand.accent} />
      </Box>
      {!compact && (
        <Box
          component="span"
          sx={{
            fontWeight: 750,
            fontSize: "1.25rem",
            letterSpacing: "-0.02em",
            color: inverted ? "#fff" : brand.ink,
          }}
        >
          Tremplin
        </Box>
      )}
    </Box>
  );
}
