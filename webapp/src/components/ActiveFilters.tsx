// The line under a list's toolbar while filters apply: one chip per chosen value (the chip is
// the button: focusable, Enter, Space, Delete or Backspace remove the filter, named by what it
// does; its cross is only drawn), « Effacer les filtres », and « N sur M affichés ». A text search
// is a filter like the others: it shows the count and the way out too.
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import CancelRounded from "@mui/icons-material/CancelRounded";

export type FilterChip = { key: string; label: string; remove: () => void };

export type ActiveFiltersTexts = { removeFilter: (label: string) => string; clearFilters: string; shown: (shown: number, total: number) => string };

export function ActiveFilters({
  chips,
  searching,
  onClear,
  shown,
  total,
  texts,
  countTestId,
}: {
  chips: readonly FilterChip[];
  /** A text search applies. */
  searching: boolean;
  onClear: () => void;
  /** Undefined while what matches is not known yet (a call the filter needs is on its way or failed): no count. */
  shown: number | undefined;
  total: number;
  texts: ActiveFiltersTexts;
  countTestId?: string;
}) {
  if (chips.length === 0 && !searching) return null;
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", mt: 1.5 }} data-testid="active-filters">
      {chips.map((c) => (
        <Chip
          key={c.key}
          label={c.label}
          aria-label={texts.removeFilter(c.label)}
          onClick={c.remove}
          onDelete={c.remove}
          size="small"
          color="primary"
          variant="outlined"
          deleteIcon={<CancelRounded />}
        />
      ))}
      <Button size="small" onClick={onClear}>
        {texts.clearFilters}
      </Button>
      {shown !== undefined && shown !== total && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: "auto" }} data-testid={countTestId}>
          {texts.shown(shown, total)}
        </Typography>
      )}
    </Box>
  );
}
