// A loading placeholder: grey shapes for the eye, and for screen readers the region marked busy
// (aria-busy) with one status line saying it is loading, instead of silence.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import type { SxProps, Theme } from "@mui/material/styles";
import { messages } from "../lib/messages";
import { visuallyHidden } from "./PremiumBadge";

export function Loading({ children, card = false, label = messages.app.loading, sx }: { children: ReactNode; card?: boolean; label?: string; sx?: SxProps<Theme> }) {
  const content = (
    <>
      <Box component="span" role="status" sx={visuallyHidden}>
        {label}
      </Box>
      <Box aria-hidden>{children}</Box>
    </>
  );
  return card ? (
    <Card aria-busy="true" data-testid="loading" sx={sx}>
      {content}
    </Card>
  ) : (
    <Box aria-busy="true" data-testid="loading" sx={sx}>
      {content}
    </Box>
  );
}
