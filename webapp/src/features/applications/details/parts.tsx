// The pieces of /application/{id} of its own (the panels and rows are components/DetailsPanel):
// the value left empty, and the failed state of a panel (a failed call says so, never
// « aucune »). The status chip is the list's (list/StatusChip).
import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { applicationMessages } from "../../../lib/messages/applications";

const d = applicationMessages.details;

export function None() {
  return <Typography color="text.secondary">{d.none}</Typography>;
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
