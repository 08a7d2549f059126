// The candidates of the list: a table on desktop and tablet, cards under 768 px (spec section
// 2). Each has its tick (for deletion) and its menu of actions; the platform admin also sees
// the agency and paid columns; the agency admin's names link to the coach view.
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { HiddenHeaderCell, ListTable } from "../../components/ListTable";
import { cardLink, wholeCard } from "../../components/cardLink";
import { formatDate, formatDateTime } from "../../lib/format";
import { agencyMessages } from "../../lib/messages/agency";
import { brand } from "../../lib/theme";
import { CandidateMenu } from "./CandidateMenu";
import { fullName, licenceLine, type Manager } from "./model";
import { firstNameCase, lastNameCase, personNameLastFirst } from "../../lib/names";
import { StatusChip } from "./StatusChip";
import type { CandidateActions } from "./useCandidateActions";

const m = agencyMessages.candidates;
const c = m.columns;

export type ListProps = {
  candidates: readonly User[];
  who: Manager;
  ticked: ReadonlySet<string>;
  onTick: (id: string) => void;
  onTickAll: () => void;
  actions: CandidateActions;
};

function Name({ candidate, who, card = false }: { candidate: User; who: Manager; card?: boolean }) {
  const name = (
    <>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {lastNameCase(candidate.lastName)}
      </Box>{" "}
      {firstNameCase(candidate.firstName)}
    </>
  );
  if (who !== "agency-admin") return <span>{candidate.firstName || candidate.lastName ? name : candidate.email}</span>;
  return (
    <Link
      component={RouterLink}
      to={`/candidates/${candidate.id}/progress`}
      state={{ name: fullName(candidate) }}
      underline="hover"
      color="text.primary"
      aria-label={m.progressLink(candidate.firstName || candidate.lastName ? personNameLastFirst(candidate) : candidate.email)}
      data-card-link={card || undefined}
      sx={card ? cardLink : undefined}
    >
      {candidate.firstName || candidate.lastName ? name : candidate.email}
    </Link>
  );
}

function Kind({ candidate }: { candidate: User }) {
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
      <Chip size="small" variant="outlined" label={candidate.isB2c ? m.b2c : m.b2b} sx={{ height: 22, fontSize: "0.75rem" }} />
      {candidate.hasFreeAccess && <Chip size="small" color="primary" variant="outlined" label={m.freeAccess} sx={{ height: 22, fontSize: "0.75rem" }} />}
    </Box>
  );
}

function lastLogin(candidate: User): string {
  return candidate.lastLoginDate ? formatDateTime(candidate.lastLoginDate) : m.neverSignedIn;
}

export function CandidateTable({ candidates, who, ticked, onTick, onTickAll, actions }: ListProps) {
  const admin = who === "admin";
  const allTicked = candidates.length > 0 && candidates.every((x) => ticked.has(x.id));
  const someTicked = candidates.some((x) => ticked.has(x.id));
  return (
    <ListTable label={m.title} minWidth={admin ? 980 : 860} sx={{ "& td, & th": { px: 1.25, py: 1.1 }, "& th": { whiteSpace: "nowrap" } }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={allTicked}
              indeterminate={someTicked && !allTicked}
              onChange={onTickAll}
              slotProps={{ input: { "aria-label": m.tickAll } }}
            />
          </TableCell>
          <TableCell>{c.candidate}</TableCell>
          {admin && <TableCell>{c.agency}</TableCell>}
          <TableCell>{c.status}</TableCell>
          <TableCell>{c.licence}</TableCell>
          {admin && <TableCell>{c.paid}</TableCell>}
          <TableCell>{c.lastLogin}</TableCell>
          <HiddenHeaderCell label={c.actions} align="right" />
        </TableRow>
      </TableHead>
      <TableBody>
        {candidates.map((x) => (
          <TableRow key={x.id} hover selected={ticked.has(x.id)} data-testid="candidate-row" sx={{ "&:last-child td": { borderBottom: 0 } }}>
            <TableCell padding="checkbox">
              <Checkbox checked={ticked.has(x.id)} onChange={() => onTick(x.id)} slotProps={{ input: { "aria-label": m.tick(fullName(x)) } }} />
            </TableCell>
            <TableCell sx={{ maxWidth: 280 }}>
              <Name candidate={x} who={who} />
              <Typography variant="caption" color="text.secondary" component="div" noWrap title={x.email}>
                {x.email}
              </Typography>
            </TableCell>
            {admin && (
              <TableCell>
                <Typography variant="body2">{x.agency?.name || <Muted>{m.noAgency}</Muted>}</Typography>
                <Kind candidate={x} />
              </TableCell>
            )}
            <TableCell>
              <StatusChip candidate={x} />
              {!admin && x.hasFreeAccess && (
                <Box sx={{ mt: 0.5 }}>
                  <Kind candidate={x} />
                </Box>
              )}
            </TableCell>
            <TableCell data-testid="candidate-licence" sx={{ whiteSpace: "nowrap" }}>
              {licenceLine(x)}
            </TableCell>
            {admin && <TableCell data-testid="candidate-paid">{x.hasPaid ? m.yes : m.no}</TableCell>}
            <TableCell sx={{ whiteSpace: "nowrap" }}>{x.lastLoginDate ? formatDate(x.lastLoginDate) : <Muted>{m.neverSignedIn}</Muted>}</TableCell>
            <TableCell align="right">
              <CandidateMenu candidate={x} who={who} actions={actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ color: "text.secondary" }}>
      {children}
    </Box>
  );
}

export function CandidateCards({ candidates, who, ticked, onTick, onTickAll, actions }: ListProps) {
  const admin = who === "admin";
  const allTicked = candidates.length > 0 && candidates.every((x) => ticked.has(x.id));
  const someTicked = candidates.some((x) => ticked.has(x.id));
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", mb: 1, ml: -0.5 }}>
        <Checkbox
          checked={allTicked}
          indeterminate={someTicked && !allTicked}
          onChange={onTickAll}
          slotProps={{ input: { "aria-label": m.tickAll } }}
        />
        <Typography variant="body2" color="text.secondary" aria-hidden>
          {m.tickAll}
        </Typography>
      </Box>
      <Box component="ul" aria-label={m.title} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
        {candidates.map((x) => (
          <Card
            component="li"
            key={x.id}
            data-testid="candidate-card"
            sx={{ ...(who === "agency-admin" ? wholeCard : {}), p: 1.5, pl: 0.5, display: "flex", gap: 0.5, alignItems: "flex-start", borderColor: ticked.has(x.id) ? "primary.main" : undefined }}
          >
            <Checkbox checked={ticked.has(x.id)} onChange={() => onTick(x.id)} slotProps={{ input: { "aria-label": m.tick(fullName(x)) } }} />
            <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.75, pt: 0.75 }}>
              <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontSize: "1.0625rem", lineHeight: 1.35 }}>
                    <Name candidate={x} who={who} card />
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap title={x.email}>
                    {x.email}
                  </Typography>
                </Box>
                <Box sx={{ mt: -0.5 }}>
                  <CandidateMenu candidate={x} who={who} actions={actions} />
                </Box>
              </Box>
              <Box sx={{ display: "flex", gap: 0.75, flexWrap: "wrap", alignItems: "center" }}>
                <StatusChip candidate={x} />
                {(admin || x.hasFreeAccess) && <Kind candidate={x} />}
              </Box>
              <Box sx={{ pt: 0.75, borderTop: `1px solid ${brand.border}`, display: "flex", flexDirection: "column", gap: 0.25 }}>
                {admin && (
                  <Typography variant="body2">
                    {c.agency}&nbsp;: {x.agency?.name || m.noAgency} · {c.paid}&nbsp;: <span data-testid="candidate-paid">{x.hasPaid ? m.yes : m.no}</span>
                  </Typography>
                )}
                <Typography variant="body2" data-testid="candidate-licence">
                  {licenceLine(x)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {x.lastLoginDate ? m.lastLogin(lastLogin(x)) : m.neverSignedIn}
                </Typography>
              </Box>
            </Box>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
