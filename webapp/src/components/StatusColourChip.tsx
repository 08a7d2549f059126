// A status drawn as a small chip in its colours: an application's and a contact's look the same
// in lists, boards, details pages and previews. Each feature says which label and colours its
// statuses have (applications/list/model.ts, contacts/status.ts) and keeps its own StatusChip.
import Chip from "@mui/material/Chip";

/** A status's look: `key` names it for tests and styles (`data-status`), `bg` and `fg` colour it. */
export type StatusLook = { key: string; label: string; bg: string; fg: string };

export function StatusColourChip({ look, testId }: { look: StatusLook; testId?: string }) {
  return (
    <Chip
      size="small"
      label={look.label}
      data-status={look.key}
      data-testid={testId}
      sx={{ bgcolor: look.bg, color: look.fg, fontWeight: 600, height: 24, "& .MuiChip-label": { px: 1 } }}
    />
  );
}
