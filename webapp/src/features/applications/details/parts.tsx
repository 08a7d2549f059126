// The building blocks of /application/{id}: a titled card, a definition row, the empty and the
// failed states of a panel (a failed call says so, never « aucune »). The status chip is the
// list's (list/StatusChip).
import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import { IconBadge } from "../../../components/IconBadge";
import { applicationMessages } from "../../../lib/messages/applications";
import { brand } from "../../../lib/theme";

const d = applicationMessages.details;

export function Panel({ id, title, icon, children, action }: { id: string; title: string; icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1.5, flexWrap: "wrap" }}>
        <IconBadge size={36}>{icon}</IconBadge>
        <Typography id={id} variant="h3" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1.25, borderTop: `1px solid ${brand.border}`, "&:first-of-type": { borderTop: 0, pt: 0 } }}>
      <Typography component="dt" variant="caption" sx={{ color: "text.secondary", fontWeight: 600, textTransform: "uppercase", letterSpacing: "0.06em" }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mt: 0.25, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Box>
    </Box>
  );
}

export function None() {
  return <Typography color="text.secondary">{d.none}</Typography>;
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ py: 3, px: 2, textAlign: "center", borderRadius: "12px", bgcolor: "#FAFBFD", border: `1px dashed ${brand.border}` }}>
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

/** A panel whose call failed: it says so, with a way to try again. */
export function ErrorLine({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {d.retry}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
