// The most viewed screens of the last 12 weeks, as the server orders them: the screen's French
// name, its route pattern beneath, and its views.
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { RouteViews } from "../../gen/tremplin/insight/v1/insight_pb";
import { insightMessages } from "../../lib/messages/insight";
import { screenName } from "./platformModel";
import { tableSx } from "./tableStyle";

const r = insightMessages.platform.routes;

export function RoutesTable({ rows, labelledBy }: { rows: readonly RouteViews[]; labelledBy: string }) {
  return (
    // Two columns: a reading width, not the page's (the figures stay near their names).
    <TableContainer component={Card} sx={{ maxWidth: 720 }}>
      <Table size="small" aria-labelledby={labelledBy} sx={tableSx(0)} data-testid="routes-table">
        <TableHead>
          <TableRow>
            <TableCell>{r.screen}</TableCell>
            <TableCell align="right">{r.views}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = screenName(row.route);
            return (
              <TableRow key={row.route} data-testid="route-row" data-route={row.route}>
                <TableCell component="th" scope="row">
                  {name}
                  {name !== row.route && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", wordBreak: "break-all" }}>
                      {row.route}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {row.views.toLocaleString("fr-FR")}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
