// The candidates who share their progress, each with their 12 weeks summed, sortable by every
// column. The agency admin opens a candidate's coach view from their name; the platform
// admin, who has no coach view, reads the name as plain text.
import { Link as RouterLink } from "react-router";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { CandidateInsight } from "../../gen/tremplin/insight/v1/insight_pb";
import { formatDate } from "../../lib/format";
import { insightMessages } from "../../lib/messages/insight";
import { personName } from "../../lib/names";
import { CANDIDATE_COLUMNS, CANDIDATES_FIRST_SORT, candidateColumns, candidateFirstDirection, candidateName, type CandidateColumn } from "./agencyModel";
import { SortHeaderCell } from "./SortHeaderCell";
import { useSortedRows } from "./sort";
import { tableSx, tapTarget } from "./tableStyle";

const t = insightMessages.agency.table;

export function SharingTable({ rows, labelledBy, linkToProgress }: { rows: readonly CandidateInsight[]; labelledBy: string; linkToProgress: boolean }) {
  const { sort, sorted, sortBy } = useSortedRows(rows, candidateColumns, CANDIDATES_FIRST_SORT, candidateFirstDirection, candidateName);
  return (
    <TableContainer component={Card} sx={{ overflowX: "auto" }}>
      <Table size="small" aria-labelledby={labelledBy} sx={tableSx(680)} data-testid="sharing-table">
        <TableHead>
          <TableRow>
            {CANDIDATE_COLUMNS.map((column: CandidateColumn) => (
              <SortHeaderCell
                key={column}
                column={column}
                label={t.columns[column]}
                sort={sort}
                onSort={sortBy}
                firstDirection={candidateFirstDirection(column)}
                numeric={column !== "name" && column !== "lastLogin"}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((c) => (
            <TableRow key={c.id} hover data-testid="sharing-row">
              <TableCell component="th" scope="row">
                <Name candidate={c} link={linkToProgress} />
              </TableCell>
              <TableCell>{c.lastLoginDate ? formatDate(c.lastLoginDate) : t.neverSignedIn}</TableCell>
              <TableCell align="right">{c.activeWeeks.toLocaleString("fr-FR")}</TableCell>
              <TableCell align="right">{c.weeksOnTarget.toLocaleString("fr-FR")}</TableCell>
              <TableCell align="right">{c.applicationsSent.toLocaleString("fr-FR")}</TableCell>
              <TableCell align="right">{c.interviews.toLocaleString("fr-FR")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Name({ candidate, link }: { candidate: CandidateInsight; link: boolean }) {
  const shown = candidateName(candidate);
  if (!link) return <span>{shown}</span>;
  return (
    <Link
      component={RouterLink}
      to={`/candidates/${candidate.id}/progress`}
      // The coach view shows the name before its data arrives.
      state={{ name: personName(candidate) }}
      underline="hover"
      sx={{ fontWeight: 600, ...tapTarget }}
      aria-label={t.progressLink(shown)}
    >
      {shown}
    </Link>
  );
}
