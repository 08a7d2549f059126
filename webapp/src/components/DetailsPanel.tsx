// The building blocks of a details page (a contact, an application, a task, an event): a titled
// card named by its heading, a definition row, the line a panel shows when it has nothing, and
// a panel's content by the state of its call.
import { useId, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { IconBadge } from "./IconBadge";
import { LoadError } from "./LoadError";
import { brand } from "../lib/theme";

/** A card with its icon and title (an h2); `id` names the title when a link points at it. */
export function Panel({ id, title, icon, children, action }: { id?: string; title: string; icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  const generated = useId();
  const titleId = id ?? generated;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1.5, flexWrap: "wrap" }}>
        <IconBadge size={36}>{icon}</IconBadge>
        {/* The title keeps the width of its longest word (no minWidth: 0): on a phone, an action
            too wide to sit beside it goes to the next line rather than over the title's words. */}
        <Typography id={titleId} variant="h3" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

/** One label and its value, in a <dl>. */
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

/** What a panel says when it has nothing to show (its call succeeded). */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ py: 3, px: 2, textAlign: "center", borderRadius: "12px", bgcolor: "#FAFBFD", border: `1px dashed ${brand.border}` }}>
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

/**
 * A panel's content by its call's state: its failure (« Impossible de charger `what` » and
 * « Réessayer »), a placeholder while it loads, `emptyText` when it found nothing, else `children`.
 */
export function PanelContent({
  query,
  what,
  empty,
  emptyText,
  children,
}: {
  query: { isError: boolean; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  what: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (query.isError) return <LoadError what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) return <Skeleton height={48} />;
  return empty ? <EmptyLine>{emptyText}</EmptyLine> : children;
}
