// The candidates who share their progress, each with their 12 weeks summed, sortable by every
// column. The agency admin opens a candidate's coach view from their name; the platform
// admin, who has no coach view, reads the name as plain text.
import { Link as RouterLink } from "react-router";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import type { CandidateInsight } from "../../gen/tremplin/insight/v1/insight_pb";
import { formatDate } from "../../lib/format";
import { insightMessages } from "../../lib/messages/insight";
import { personName } from "../../lib/names";
import { candidateName, candidateTable } from "./agencyModel";
import { SortableTable } from "./SortableTable";
import { tapTarget } from "./tableStyle";

const t = insightMessages.agency.table;

export function SharingTable({ rows, labelledBy, linkToProgress }: { rows: readonly CandidateInsight[]; labelledBy: string; linkToProgress: boolean }) {
  return (
    <SortableTable rows={rows} model={candidateTable} labels={t.columns} numeric={(column) => column !== "name" && column !== "lastLogin"} labelledBy={labelledBy} minWidth={680} testId="sharing-table">
      {(c) => (
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
      )}
    </SortableTable>
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
