// What a details page shows for an item that does not exist or is not the viewer's (the server
// answers NotFound for both): the page's h1, a line of text, and the way back to the list.
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import { EmptyState } from "./EmptyState";

export function NotFoundState({ icon, title, text, backTo, backLabel }: { icon: ReactNode; title: string; text?: string; backTo: string; backLabel: string }) {
  return (
    <EmptyState
      level="page"
      tone="info"
      icon={icon}
      title={title}
      text={text}
      actions={
        <Button component={RouterLink} to={backTo} variant="contained">
          {backLabel}
        </Button>
      }
      sx={{ py: { xs: 6, sm: 8 } }}
    />
  );
}
