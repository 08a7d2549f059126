// The states a list screen shows instead of its rows (/contacts, /applications, /candidates,
// /agencies): the rows on their way, nothing yet (a dashed card inviting to add the first one),
// and a search or filters that match nothing; and the count under its title.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import SearchOffRounded from "@mui/icons-material/SearchOffRounded";
import { EmptyState } from "./EmptyState";
import { Loading } from "./Loading";

/**
 * The count under a list's title (`children`, the catalogue's « N contacts »…): a grey bar of
 * `width` while the list loads, nothing once its call failed.
 */
export function ListCount({ testId, loading, failed, width, children }: { testId: string; loading: boolean; failed: boolean; width: number; children: ReactNode }) {
  return (
    <Box component="span" data-testid={testId}>
      {failed ? null : loading ? <Skeleton width={width} /> : children}
    </Box>
  );
}

/** Grey rows in a card while the list loads. */
export function ListSkeleton({ rows, height }: { rows: number; height: number }) {
  return (
    <Loading card sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} sx={{ my: 0.5 }} />
      ))}
    </Loading>
  );
}

/** Nothing in the list yet: the catalogue's `emptyTitle` and `emptyText`, and the ways to add. */
export function EmptyListState({ icon, texts, actions }: { icon: ReactNode; texts: { emptyTitle: string; emptyText: string }; actions: ReactNode }) {
  return <EmptyState dashed icon={icon} title={texts.emptyTitle} text={texts.emptyText} textMaxWidth={520} actions={actions} />;
}

/** Nothing matches the search or the filters: the catalogue's `noMatchTitle` and `noMatchText`, and a button clearing them. */
export function NoMatchState({ texts, clearLabel, onClear }: { texts: { noMatchTitle: string; noMatchText: string }; clearLabel: string; onClear: () => void }) {
  return (
    <EmptyState
      level="minor"
      tone="info"
      icon={<SearchOffRounded />}
      title={texts.noMatchTitle}
      text={texts.noMatchText}
      actions={<Button onClick={onClear}>{clearLabel}</Button>}
    />
  );
}
