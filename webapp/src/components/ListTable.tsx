// The table of a list screen (contacts, applications, candidates, agencies) in its card: it
// scrolls sideways on narrow screens, its rows are dense and its headers grey. `sx` adds the
// table's own spacing (padding of the cells, wrapping of the headers, fixed layout).
import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import type { SxProps, Theme } from "@mui/material/styles";
import { visuallyHidden } from "./PremiumBadge";

export function ListTable({ label, minWidth, sx, children }: { label: string; minWidth: number; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <TableContainer component={Card} sx={{ overflowX: "auto" }}>
      <Table
        size="small"
        aria-label={label}
        sx={[{ minWidth, "& td, & th": { fontSize: "0.875rem" }, "& th": { color: "text.secondary", fontWeight: 600, bgcolor: "#FAFBFD" } }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </Table>
    </TableContainer>
  );
}

/** A header cell named for screen readers only (the column of the row's actions). */
export function HiddenHeaderCell({ label, align }: { label: string; align?: "right" }) {
  return (
    <TableCell align={align}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  );
}
