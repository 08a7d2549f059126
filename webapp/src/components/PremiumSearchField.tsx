// The search box of the lists (network, activities, opportunities). Searching is premium: for a
// non-subscriber the box stays readable but does not take text; clicking or typing in it asks
// `allow` (which sends them to the subscription page) and the premium badge says why.
import type { SxProps, Theme } from "@mui/material/styles";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import SearchRounded from "@mui/icons-material/SearchRounded";
import { PremiumBadge } from "./PremiumBadge";
import { searchTarget } from "../lib/theme";

export function PremiumSearchField({
  value,
  onChange,
  premium,
  allow,
  label,
  placeholder,
  sx,
}: {
  value: string;
  onChange: (text: string) => void;
  premium: boolean;
  /** Called when a non-subscriber tries to search. */
  allow: () => unknown;
  label: string;
  placeholder: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(e) => premium && onChange(e.target.value)}
      onMouseDown={(e) => {
        if (!premium) {
          e.preventDefault();
          allow();
        }
      }}
      onKeyDown={(e) => {
        // Tab and Shift+Tab still move through the page.
        if (!premium && e.key !== "Tab" && e.key !== "Shift") {
          e.preventDefault();
          allow();
        }
      }}
      sx={[{ flex: { xs: "1 1 100%", sm: "1 1 280px" }, maxWidth: { sm: 420 }, "& .MuiOutlinedInput-root": { height: 44 }, ...searchTarget }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        htmlInput: { "aria-label": label, readOnly: !premium, type: "search" },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: premium ? undefined : (
            <InputAdornment position="end">
              <PremiumBadge />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
