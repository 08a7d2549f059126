// An insight table sortable by every column (the agencies, the candidates who share): in a card
// that scrolls sideways when narrow, a heading a column that sorts it (SortHeaderCell), and the
// rows in the order chosen, each drawn by `children`.
import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { SortHeaderCell } from "./SortHeaderCell";
import { useSortedRows, type SortModel } from "./sort";
import { tableSx } from "./tableStyle";

export function SortableTable<T, K extends string>({
  rows,
  model,
  labels,
  numeric,
  labelledBy,
  minWidth,
  testId,
  children,
}: {
  rows: readonly T[];
  model: SortModel<T, K>;
  /** The columns' headings. */
  labels: Record<K, string>;
  /** The columns of figures, aligned right. */
  numeric: (column: K) => boolean;
  labelledBy: string;
  minWidth: number;
  testId: string;
  /** A row, as a <TableRow> with its key. */
  children: (row: T) => ReactNode;
}) {
  const { sort, sorted, sortBy } = useSortedRows(rows, model.values, model.first, model.firstDirection, model.tie);
  return (
    <TableContainer component={Card} sx={{ overflowX: "auto" }}>
      <Table size="small" aria-labelledby={labelledBy} sx={tableSx(minWidth)} data-testid={testId}>
        <TableHead>
          <TableRow>
            {model.columns.map((column) => (
              <SortHeaderCell key={column} column={column} label={labels[column]} sort={sort} onSort={sortBy} firstDirection={model.firstDirection(column)} numeric={numeric(column)} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{sorted.map((row) => children(row))}</TableBody>
      </Table>
    </TableContainer>
  );
}
