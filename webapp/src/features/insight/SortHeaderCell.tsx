// A column heading that sorts its table (MUI TableSortLabel): the heading carries aria-sort,
// the active one says its direction to screen readers too.
import Box from "@mui/material/Box";
import TableCell from "@mui/material/TableCell";
import TableSortLabel from "@mui/material/TableSortLabel";
import { visuallyHidden } from "../../components/PremiumBadge";
import { insightMessages } from "../../lib/messages/insight";
import type { Direction, Sort } from "./sort";
import { tapTarget } from "./tableStyle";

export function SortHeaderCell<K extends string>({
  column,
  label,
  sort,
  onSort,
  firstDirection,
  numeric = false,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (column: K) => void;
  firstDirection: Direction;
  numeric?: boolean;
}) {
  const active = sort.key === column;
  const direction = active ? sort.direction : firstDirection;
  return (
    <TableCell align={numeric ? "right" : "left"} sortDirection={active ? sort.direction : false} data-testid={`sort-${column}`}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(column)} sx={tapTarget}>
        {label}
        {active && (
          <Box component="span" sx={visuallyHidden}>
            {`, ${direction === "asc" ? insightMessages.sort.ascending : insightMessages.sort.descending}`}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );
}
