// /agencies (platform admin): every agency with its administrator and licence counts (total,
// used, pending, remaining), a button to create an agency (the agency modal) and, per agency,
// one to add licences (the licence modal), one to manage its API keys and one its webhooks
// (each a modal, the same panels as the agency admin's profile). A table on desktop, cards on
// phones.
import { Link as RouterLink } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import AddBusinessRounded from "@mui/icons-material/AddBusinessRounded";
import CardMembershipRounded from "@mui/icons-material/CardMembershipRounded";
import DomainAddRounded from "@mui/icons-material/DomainAddRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import KeyRounded from "@mui/icons-material/KeyRounded";
import WebhookRounded from "@mui/icons-material/WebhookRounded";
import { AgencyService, type Agency } from "../../gen/tremplin/agency/v1/agency_pb";
import { ListTable } from "../../components/ListTable";
import { EmptyListState, ListCount, ListSkeleton } from "../../components/ListStates";
import { ApiKeysPanel } from "../../components/apikeys/ApiKeysPanel";
import { WebhooksPanel } from "../../components/webhooks/WebhooksPanel";
import { webhookMessages } from "../../lib/messages/webhooks";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { useModals } from "../../components/ModalHost";
import { agencyMessages } from "../../lib/messages/agency";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import { useViewport } from "../../lib/viewport";
import { apiKeyMessages } from "../../lib/messages/apiKeys";
import { AgencyForm } from "./AgencyForm";
import { LicenseForm } from "./LicenseForm";
import { personName } from "../../lib/names";
import { preloadOnIntent } from "../../lib/routePreload";

const m = agencyMessages.agencies;
const c = m.columns;

export default function AgenciesPage() {
  usePageTitle(m.title);
  const { isMobile } = useViewport();
  const modals = useModals();
  // A failure is this page's to show (LoadError), not an empty list.
  const list = useQuery(AgencyService.method.listAgencies, {}, { meta: { handlesErrors: true } });
  const agencies = list.data?.agencies ?? [];
  const failed = list.isError && !list.data;
  const loading = list.isPending && !failed;

  const createAgency = () =>
    modals.open({
      kind: "custom",
      title: agencyMessages.agencyForm.title,
      illustration: <DomainAddRounded />,
      maxWidth: "sm",
      render: (close) => <AgencyForm close={close} />,
    });
  const addLicences = (agency: Agency) =>
    modals.open({
      kind: "custom",
      title: agencyMessages.licenseForm.title,
      illustration: <CardMembershipRounded />,
      render: (close) => <LicenseForm agency={agency} close={close} />,
    });
  const manageKeys = (agency: Agency) =>
    modals.open({
      kind: "custom",
      title: apiKeyMessages.openFor(agency.name),
      illustration: <KeyRounded />,
      maxWidth: "md",
      render: () => <ApiKeysPanel scope={{ kind: "agency", agencyId: agency.id, agencyName: agency.name }} />,
    });
  const manageWebhooks = (agency: Agency) =>
    modals.open({
      kind: "custom",
      title: webhookMessages.openFor(agency.name),
      illustration: <WebhookRounded />,
      maxWidth: "md",
      render: () => <WebhooksPanel agencyId={agency.id} agencyName={agency.name} />,
    });

  return (
    <PageContainer>
      <PageHeader
        title={m.title}
        subtitle={
          <ListCount testId="agencies-count" loading={loading} failed={failed} width={90}>
            {m.count(agencies.length)}
          </ListCount>
        }
        actions={
          <Button variant="contained" startIcon={<AddBusinessRounded />} onClick={createAgency} sx={{ width: { xs: "100%", sm: "auto" } }}>
            {m.create}
          </Button>
        }
      />
      {failed ? (
        <LoadError what={m.load} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : loading ? (
        <ListSkeleton rows={4} height={isMobile ? 120 : 48} />
      ) : agencies.length === 0 ? (
        <EmptyListState
          icon={<DomainAddRounded />}
          texts={m}
          actions={
            <Button variant="contained" startIcon={<AddBusinessRounded />} onClick={createAgency}>
              {m.create}
            </Button>
          }
        />
      ) : isMobile ? (
        <AgencyCards agencies={agencies} onAddLicences={addLicences} onManageKeys={manageKeys} onManageWebhooks={manageWebhooks} />
      ) : (
        <AgencyTable agencies={agencies} onAddLicences={addLicences} onManageKeys={manageKeys} onManageWebhooks={manageWebhooks} />
      )}
    </PageContainer>
  );
}

function adminName(a: Agency): string {
  const p = a.admin;
  if (!p) return m.noAdmin;
  return personName(p) || p.email;
}

function Admin({ agency }: { agency: Agency }) {
  const p = agency.admin;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {adminName(agency)}
      </Typography>
      {p?.job && (
        <Typography variant="caption" color="text.secondary" component="div">
          {p.job}
        </Typography>
      )}
      {p?.email && (
        <Typography variant="body2" noWrap title={p.email}>
          {p.email}
        </Typography>
      )}
      {(p?.mobileNumber || p?.phoneNumber) && (
        <Typography variant="body2" color="text.secondary">
          {[p.mobileNumber, p.phoneNumber].filter(Boolean).join(" · ")}
        </Typography>
      )}
      {p && !p.firstLoginDate && (
        <Chip size="small" label={m.adminInvited} title={m.adminInvitedHint} sx={{ mt: 0.5, height: 22, bgcolor: "#FEF3C7", color: "#92400E", fontWeight: 600 }} />
      )}
    </Box>
  );
}

const COUNTS = [
  { key: "total", label: c.total, value: (a: Agency) => a.numTotalLicenses },
  { key: "used", label: c.used, value: (a: Agency) => a.numUsedLicenses },
  { key: "pending", label: c.pending, value: (a: Agency) => a.numPendingLicenses },
  { key: "remaining", label: c.remaining, value: (a: Agency) => a.numRemainingLicenses },
] as const;

/** The way to the agency's « Suivi de l'agence » (/agencies/:id/insight). */
function InsightLink({ agency, size }: { agency: Agency; size?: "small" }) {
  const to = `/agencies/${agency.id}/insight`;
  return (
    <Button component={RouterLink} to={to} {...preloadOnIntent(to)} size={size} variant="text" startIcon={<InsightsRounded />} aria-label={m.insightFor(agency.name)} sx={{ whiteSpace: "nowrap" }}>
      {m.insight}
    </Button>
  );
}

type Actions = { onAddLicences: (a: Agency) => void; onManageKeys: (a: Agency) => void; onManageWebhooks: (a: Agency) => void };

function AgencyTable({ agencies, onAddLicences, onManageKeys, onManageWebhooks }: { agencies: readonly Agency[] } & Actions) {
  return (
    <ListTable label={m.title} minWidth={900} sx={{ "& td, & th": { px: 1.25, py: 1.25 }, "& th": { whiteSpace: "nowrap" } }}>
      <TableHead>
        <TableRow>
          <TableCell>{c.agency}</TableCell>
          <TableCell>{c.admin}</TableCell>
          {COUNTS.map((k) => (
            <TableCell key={k.key} align="right">
              {k.label}
            </TableCell>
          ))}
          <TableCell align="right">{c.candidates}</TableCell>
          <TableCell align="right">{c.actions}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {agencies.map((a) => (
          <TableRow key={a.id} hover data-testid="agency-row" sx={{ "&:last-child td": { borderBottom: 0 }, verticalAlign: "top" }}>
            <TableCell sx={{ maxWidth: 220 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {a.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={a.email}>
                {a.email}
              </Typography>
            </TableCell>
            <TableCell sx={{ maxWidth: 260 }}>
              <Admin agency={a} />
            </TableCell>
            {COUNTS.map((k) => (
              <TableCell key={k.key} align="right" data-testid={`licences-${k.key}`} sx={{ fontVariantNumeric: "tabular-nums", fontWeight: k.key === "remaining" ? 700 : 400 }}>
                {k.value(a).toLocaleString("fr-FR")}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
              {a.numCandidates.toLocaleString("fr-FR")}
            </TableCell>
            <TableCell align="right">
              <Box sx={{ display: "inline-flex", flexDirection: "column", gap: 1, alignItems: "stretch" }}>
                <Button size="small" variant="outlined" startIcon={<CardMembershipRounded />} onClick={() => onAddLicences(a)} aria-label={m.addLicensesFor(a.name)} sx={{ whiteSpace: "nowrap" }}>
                  {m.addLicenses}
                </Button>
                <InsightLink agency={a} size="small" />
                <Button size="small" variant="text" startIcon={<KeyRounded />} onClick={() => onManageKeys(a)} aria-label={apiKeyMessages.openFor(a.name)} sx={{ whiteSpace: "nowrap" }}>
                  {apiKeyMessages.title}
                </Button>
                <Button size="small" variant="text" startIcon={<WebhookRounded />} onClick={() => onManageWebhooks(a)} aria-label={webhookMessages.openFor(a.name)} sx={{ whiteSpace: "nowrap" }}>
                  {webhookMessages.title}
                </Button>
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function AgencyCards({ agencies, onAddLicences, onManageKeys, onManageWebhooks }: { agencies: readonly Agency[] } & Actions) {
  return (
    <Box component="ul" aria-label={m.title} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
      {agencies.map((a) => (
        <Card component="li" key={a.id} data-testid="agency-card" sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Box>
            <Typography sx={{ fontWeight: 700, fontSize: "1.0625rem" }}>{a.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {a.email} · {m.candidates(a.numCandidates)}
            </Typography>
          </Box>
          <Box sx={{ pt: 1.25, borderTop: `1px solid ${brand.border}` }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
              {c.admin}
            </Typography>
            <Admin agency={a} />
          </Box>
          <Box component="dl" aria-label={m.licences} sx={{ m: 0, display: "grid", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: 1, textAlign: "center" }}>
            {COUNTS.map((k) => (
              <Box key={k.key} sx={{ bgcolor: "#F8FAFC", borderRadius: "10px", py: 1 }}>
                <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: "block", lineHeight: 1.2 }}>
                  {k.label}
                </Typography>
                <Typography component="dd" data-testid={`licences-${k.key}`} sx={{ m: 0, fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>
                  {k.value(a).toLocaleString("fr-FR")}
                </Typography>
              </Box>
            ))}
          </Box>
          <Button variant="outlined" startIcon={<CardMembershipRounded />} onClick={() => onAddLicences(a)} aria-label={m.addLicensesFor(a.name)}>
            {m.addLicenses}
          </Button>
          <InsightLink agency={a} />
          <Button variant="text" startIcon={<KeyRounded />} onClick={() => onManageKeys(a)} aria-label={apiKeyMessages.openFor(a.name)}>
            {apiKeyMessages.title}
          </Button>
          <Button variant="text" startIcon={<WebhookRounded />} onClick={() => onManageWebhooks(a)} aria-label={webhookMessages.openFor(a.name)}>
            {webhookMessages.title}
          </Button>
        </Card>
      ))}
    </Box>
  );
}
