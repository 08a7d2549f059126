// The list of a management panel read by one call (API keys, webhook endpoints): « Impossible de
// charger … » when the call failed, a placeholder while it is on its way, a line of text when it
// holds nothing, else its items in a labelled list.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { LoadError } from "./LoadError";

export function PanelList<T>({
  query,
  items,
  what,
  empty,
  label,
  gap,
  children,
}: {
  query: { isError: boolean; isPending: boolean; data: unknown; refetch: () => unknown; isFetching: boolean };
  items: readonly T[];
  /** Completes « Impossible de charger … ». */
  what: string;
  /** The line shown when the list holds nothing. */
  empty: string;
  /** The list's accessible name. */
  label: string;
  /** The space between two items. */
  gap: number;
  /** An item, as an <li> with its key. */
  children: (item: T) => ReactNode;
}) {
  if (query.isError && !query.data) return <LoadError what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) return <Skeleton variant="rounded" height={72} />;
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap }}>
      {items.map((item) => children(item))}
    </Box>
  );
}
