import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { LAYOUT_WIDTH } from "../../lib/viewport";

/** The 1124 px column every screen sits in. */
export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <Box
      sx={{
        width: "100%",
        maxWidth: narrow ? 760 : LAYOUT_WIDTH,
        mx: "auto",
        px: { xs: 2, sm: 3 },
        py: { xs: 3, sm: 5 },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A screen title with an optional line of introduction and actions on the right — below the
 * title on narrow screens, up to `rowFrom` (sm by default; md for a header with several
 * actions).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  rowFrom = "sm",
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  rowFrom?: "sm" | "md";
}) {
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: { xs: "flex-start", [rowFrom]: "flex-end" },
        justifyContent: "space-between",
        flexDirection: { xs: "column", [rowFrom]: "row" },
        gap: 2,
        mb: { xs: 3, sm: 4 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1">{title}</Typography>
        {subtitle && (
          <Typography variant="subtitle1" sx={{ mt: 1, maxWidth: 680 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Box>
  );
}
