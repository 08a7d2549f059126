import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";

/** One panel of the profile, named by its heading. */
export function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card component="section" id={id} aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 88 }}>
      <Typography
        id={`${id}-title`}
        variant="h3"
        component="h2"
        tabIndex={-1}
        sx={{ mb: 2, display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", outline: "none" }}
      >
        {title}
        {action}
      </Typography>
      {children}
    </Card>
  );
}
