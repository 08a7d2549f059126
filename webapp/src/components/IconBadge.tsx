import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { brand } from "../lib/theme";

export type Tone = "primary" | "accent" | "success" | "danger" | "info";

const tones: Record<Tone, { bg: string; fg: string }> = {
  primary: { bg: brand.primaryLight, fg: brand.primary },
  accent: { bg: brand.accentLight, fg: "#B45309" },
  success: { bg: "#DCFCE7", fg: "#15803D" },
  danger: { bg: "#FEE2E2", fg: "#B91C1C" },
  info: { bg: "#E0F2FE", fg: "#0369A1" },
};

/** A soft, rounded badge holding an icon: the illustration of cards, steps and modals. */
export function IconBadge({
  children,
  tone = "primary",
  size = 48,
  onColor = false,
}: {
  children: ReactNode;
  tone?: Tone;
  size?: number;
  /** On a tinted surface: a white badge instead of the tone's soft colour. */
  onColor?: boolean;
}) {
  const t = tones[tone];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: "none",
        borderRadius: `${Math.round(size / 3.2)}px`,
        display: "grid",
        placeItems: "center",
        bgcolor: onColor ? "#fff" : t.bg,
        color: t.fg,
        "& svg": { fontSize: Math.round(size * 0.52) },
      }}
    >
      {children}
    </Box>
  );
}
