// The states of a modal's body before its form: its code or its data on the way, or the record
// it edits unreadable.
import { Suspense, useEffect, useRef, type ReactNode } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { isNotFound } from "../lib/errors";

/** A spinner where the form will be, and what is coming. */
export function BodyLoading({ label, size = 24 }: { label?: string; size?: number }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 1.5, py: 6 }}>
      <CircularProgress size={size} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}

/** A modal's body while its code loads. */
export function LazyBody({ label, children }: { label?: string; children: ReactNode }) {
  return <Suspense fallback={<BodyLoading label={label} />}>{children}</Suspense>;
}

/**
 * The record to edit could not be read: gone (deleted meanwhile: `onGone`), or another failure,
 * which the app's handling has already shown. Either way the modal closes, once.
 */
export function LoadFailure({ error, close, onGone }: { error: unknown; close: () => void; onGone: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (isNotFound(error)) onGone();
    close();
  }, [error, close, onGone]);
  return null;
}
