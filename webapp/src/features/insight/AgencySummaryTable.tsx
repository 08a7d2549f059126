// Every agency at a glance for the platform admin, sortable by every column; an agency's name
// opens its « Suivi de l'agence ».
import { Link as RouterLink } from "react-router";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { AgencySummary } from "../../gen/tremplin/insight/v1/insight_pb";
import { insightMessages } from "../../lib/messages/insight";
import { AGENCIES_FIRST_SORT, AGENCY_COLUMNS, agencyColumns, agencyFirstDirection, agencyName } from "./platformModel";
import { SortHeaderCell } from "./SortHeaderCell";
import { useSortedRows } from "./sort";
import { tableSx, tapTarget } from "./tableStyle";

const a = insightMessages.platform.agencies;
const n = (value: number) => value.toLocaleString("fr-FR");

export function AgencySummaryTable({ rows, labelledBy }: { rows: readonly AgencySummary[]; labelledBy: string }) {
  const { sort, sorted, sortBy } = useSortedRows(rows, agencyColumns, AGENCIES_FIRST_SORT, agencyFirstDirection, agencyName);
  return (
    <TableContainer component={Card} sx={{ overflowX: "auto" }}>
      <Table size="small" aria-labelledby={labelledBy} sx={tableSx(720)} data-testid="agencies-table">
        <TableHead>
          <TableRow>
            {AGENCY_COLUMNS.map((column) => (
              <SortHeaderCell
                key={column}
                column={column}
                label={a.columns[column]}
                sort={sort}
                onSort={sortBy}
                firstDirection={agencyFirstDirection(column)}
                numeric={column !== "agency"}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => {
            const id = row.agency?.id ?? "";
            const name = agencyName(row);
            return (
              <TableRow key={id} hover data-testid="agency-summary-row">
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={`/agencies/${id}/insight`} underline="hover" sx={{ fontWeight: 600, ...tapTarget }} aria-label={a.insightLink(name)}>
                    {name}
                  </Link>
                </TableCell>
                <TableCell align="right">{n(row.candidates)}</TableCell>
                <TableCell align="right">{n(row.sharingCandidates)}</TableCell>
                <TableCell align="right">{n(row.activeCandidates)}</TableCell>
                <TableCell align="right">{n(row.applicationsSent)}</TableCell>
                <TableCell align="right">{n(row.interviews)}</TableCell>
                <TableCell align="right">{a.licences(row.licencesUsed, row.licencesTotal)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
