// The look of the insight tables: compact rows, grey headings, figures in tabular digits.
import type { SxProps, Theme } from "@mui/material/styles";
import { TAP, TOUCH } from "../../lib/theme";

export const tableSx = (minWidth: number): SxProps<Theme> => ({
  minWidth,
  "& td, & th": { px: 1.5, py: 1.1, fontSize: "0.875rem" },
  // Headings wrap (two words a line) rather than push the last column out of the card.
  "& thead th": { color: "text.secondary", fontWeight: 600, lineHeight: 1.3, verticalAlign: "bottom", bgcolor: "#FAFBFD" },
  // The first column names the row (a person, an agency): never squeezed to a word a line, and
  // kept in view while the figures scroll sideways beside it (a phone shows two columns of six).
  "& tbody th": { minWidth: 170, bgcolor: "background.paper" },
  "& tbody th, & thead th:first-of-type": { position: "sticky", left: 0, zIndex: 1, boxShadow: "inset -1px 0 0 rgba(30,34,53,0.08)" },
  "& td.MuiTableCell-alignRight": { fontVariantNumeric: "tabular-nums" },
  "& tbody tr:last-child td, & tbody tr:last-child th": { borderBottom: 0 },
});

/**
 * A phone's tap target (44 × 44 px, as the theme gives every button): the table's sort headings
 * and name links are text of one line, shorter than a finger.
 */
export const tapTarget = { [TOUCH]: { display: "inline-flex", alignItems: "center", minHeight: TAP, minWidth: TAP } } as const;
