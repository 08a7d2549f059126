// The figures of a weekly chart as a table: the accessible alternative to the picture (a row
// per week, a column per series, the chart's description as its caption). It scrolls sideways
// on a phone; the scrolling box takes the keyboard focus so that it can be scrolled without a
// pointer. The caption is read with the table; the eye reads the same sentence above the
// scrolling box, where it wraps to the screen's width instead of the table's.
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "../PremiumBadge";
import { chartMessages as m } from "../../lib/messages/charts";
import type { ChartWeek, WeeklySeries } from "./types";
import { columnLabel, tableRows } from "./weeklyModel";

export function DataTable({ id, description, weeks, series }: { id: string; description: string; weeks: ChartWeek[]; series: WeeklySeries[] }) {
  const captionId = `${id}-caption`;
  return (
    <>
      <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mt: 1 }}>
        {description}
      </Typography>
      <Box
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        sx={{ overflowX: "auto", mt: 1, borderRadius: 1, "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main" } }}
      >
        <Table size="small" sx={{ "& td, & th": { px: 1, whiteSpace: "nowrap" } }}>
          <Box component="caption" id={captionId} sx={visuallyHidden}>
            {description}
          </Box>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {m.weekColumn}
              </TableCell>
              {series.map((s) => (
                <TableCell key={s.name} component="th" scope="col" align="right" sx={{ whiteSpace: "normal !important", minWidth: 96 }}>
                  {columnLabel(s)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {tableRows(weeks, series).map((row) => (
              <TableRow key={row.week} data-testid="chart-data-row">
                <TableCell component="th" scope="row">
                  {row.week}
                </TableCell>
                {row.values.map((v, i) => (
                  <TableCell key={series[i].name} align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                    {v}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
