// A multiple-choice filter dropdown (spec section 4: the first 5 options in one column, the
// rest in a second). The button shows how many options are ticked.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { PopoverActions } from "@mui/material/Popover";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import Popover from "@mui/material/Popover";
import Typography from "@mui/material/Typography";
import KeyboardArrowDownRounded from "@mui/icons-material/KeyboardArrowDownRounded";
import { brand, PHONE_LAYOUT, TOUCH } from "../lib/theme";
import { screenMessages } from "../lib/messages/screens";
import { LoadError } from "./LoadError";

export type FilterOption = { value: string; label: string };

/** A multiple-choice filter: its label, its options and the ticked ones. */
export type FilterMenuSpec = {
  label: string;
  icon?: ReactNode;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  /** The options are on their way (the menu says « Chargement… »). */
  loading?: boolean;
  /** The menu opened (to fetch options on demand). */
  onOpen?: () => void;
  /** The options could not be read: « Impossible de charger {what} » and a retry, above what is known. */
  failed?: { what: string; onRetry: () => void; retrying: boolean };
};

export const FIRST_COLUMN = 5;

/** The options in columns: the first 5, then the rest. */
export function filterColumns<T>(options: readonly T[]): T[][] {
  return options.length > FIRST_COLUMN ? [options.slice(0, FIRST_COLUMN), options.slice(FIRST_COLUMN)] : [options.slice()];
}

export function FilterMenu({
  label,
  icon,
  options,
  selected,
  onChange,
  loading = false,
  badge,
  onOpenRequest,
  onOpen,
  failed,
}: FilterMenuSpec & {
  /** Shown next to the label (the premium badge). */
  badge?: ReactNode;
  /** Asked before opening; answering false keeps the menu closed (premium gate). */
  onOpenRequest?: () => boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const m = screenMessages.filters;
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  const columns = filterColumns(options);
  // The options may arrive after the menu opened: place it again once they are there, so it
  // stays on screen.
  const popover = useRef<PopoverActions | null>(null);
  useEffect(() => {
    popover.current?.updatePosition();
  }, [options, loading, selected.length, failed]);

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={icon}
        endIcon={<KeyboardArrowDownRounded />}
        aria-haspopup="true"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => {
          if (onOpenRequest && !onOpenRequest()) return;
          setAnchor(e.currentTarget);
          onOpen?.();
        }}
        sx={{
          borderColor: selected.length ? brand.primary : "divider",
          bgcolor: selected.length ? brand.primaryLight : "background.paper",
          color: selected.length ? "primary.main" : "text.primary",
          whiteSpace: "nowrap",
          height: 40,
          px: 1.75,
        }}
      >
        {label}
        {selected.length > 0 && (
          <Box
            component="span"
            aria-label={m.active(selected.length)}
            sx={{ ml: 0.75, minWidth: 20, height: 20, px: 0.6, borderRadius: 99, bgcolor: "primary.main", color: "#fff", fontSize: "0.75rem", display: "inline-grid", placeItems: "center" }}
          >
            {selected.length}
          </Box>
        )}
        {badge && <Box component="span" sx={{ ml: 0.75, display: "inline-flex" }}>{badge}</Box>}
      </Button>
      <Popover
        action={popover}
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        transformOrigin={{ vertical: "top", horizontal: "left" }}
        // Within the screen on a phone: 16 px from each edge (the popover's margin), the labels
        // wrapping inside their column.
        slotProps={{
          paper: {
            sx: {
              mt: 1,
              borderRadius: "14px",
              border: `1px solid ${brand.border}`,
              boxShadow: "0 12px 32px rgba(30,34,53,0.12)",
              maxWidth: "calc(100vw - 32px)",
              // A phone: the screen's width (16 px from each edge), its columns sharing it.
              [PHONE_LAYOUT]: { width: "calc(100vw - 32px)" },
            },
          },
        }}
      >
        <Box role="group" aria-label={label} sx={{ p: 1.5, pb: 1 }}>
          {failed && <LoadError what={failed.what} onRetry={failed.onRetry} retrying={failed.retrying} sx={{ mb: 1 }} />}
          {loading ? (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1 }}>
              <CircularProgress size={16} />
              <Typography variant="body2" color="text.secondary">
                {m.loading}
              </Typography>
            </Box>
          ) : options.length === 0 ? (
            // Nothing to offer, unless the options could not be read (said above).
            !failed && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
                {m.empty}
              </Typography>
            )
          ) : (
            <Box
              sx={{
                display: "grid",
                gridTemplateColumns: `repeat(${columns.length}, minmax(0, auto))`,
                columnGap: 2,
                [PHONE_LAYOUT]: { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`, columnGap: 1 },
              }}
            >
              {columns.map((column, i) => (
                <Box key={i} sx={{ display: "flex", flexDirection: "column", minWidth: 0, maxWidth: 280 }}>
                  {column.map((o) => (
                    <FormControlLabel
                      key={o.value}
                      sx={{
                        mr: 0,
                        ml: -0.5,
                        alignItems: "flex-start",
                        // A long label wraps beside its box, whose first line it faces.
                        "& .MuiCheckbox-root": { flex: "none" },
                        "& .MuiFormControlLabel-label": { fontSize: "0.9375rem", minWidth: 0, overflowWrap: "break-word", hyphens: "auto", py: "8px", lineHeight: 1.45 },
                        [TOUCH]: { "& .MuiFormControlLabel-label": { py: "11px" } },
                      }}
                      control={<Checkbox size="small" checked={selected.includes(o.value)} onChange={() => toggle(o.value)} />}
                      label={o.label}
                    />
                  ))}
                </Box>
              ))}
            </Box>
          )}
          {selected.length > 0 && (
            <Box sx={{ borderTop: `1px solid ${brand.border}`, mt: 1, pt: 1 }}>
              <Button size="small" onClick={() => onChange([])}>
                {m.clear}
              </Button>
            </Box>
          )}
        </Box>
      </Popover>
    </>
  );
}
