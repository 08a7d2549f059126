// Every agency at a glance for the platform admin, sortable by every column; an agency's name
// opens its « Suivi de l'agence ».
import { Link as RouterLink } from "react-router";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import type { AgencySummary } from "../../gen/tremplin/insight/v1/insight_pb";
import { insightMessages } from "../../lib/messages/insight";
import { agencyName, agencyTable } from "./platformModel";
import { SortableTable } from "./SortableTable";
import { tapTarget } from "./tableStyle";

const a = insightMessages.platform.agencies;
const n = (value: number) => value.toLocaleString("fr-FR");

export function AgencySummaryTable({ rows, labelledBy }: { rows: readonly AgencySummary[]; labelledBy: string }) {
  return (
    <SortableTable rows={rows} model={agencyTable} labels={a.columns} numeric={(column) => column !== "agency"} labelledBy={labelledBy} minWidth={720} testId="agencies-table">
      {(row) => {
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
      }}
    </SortableTable>
  );
}
