// /contact/{id}: breadcrumb, date added, the information card (resources open in a new tab,
// tags lead to the list filtered by that tag), the activities panel (in progress / finished),
// the linked applications and the recommended contacts (those this contact introduced).
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import EventNoteRounded from "@mui/icons-material/EventNoteRounded";
import OpenInFullRounded from "@mui/icons-material/OpenInFullRounded";
import PersonSearchRounded from "@mui/icons-material/PersonSearchRounded";
import PeopleAltRounded from "@mui/icons-material/PeopleAltRounded";
import WorkOutlineRounded from "@mui/icons-material/WorkOutlineRounded";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { NetworkService, type Contact } from "../../gen/tremplin/network/v1/network_pb";
import { OpportunityService, type Application } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { RecordPage } from "../../components/DetailsPage";
import { NotFoundState } from "../../components/NotFoundState";
import { cardLink, wholeCard } from "../../components/cardLink";
import { PageContainer } from "../../components/layout/PageContainer";
import { formatDate } from "../../lib/format";
import { networkMessages } from "../../lib/messages/network";
import { applicationMessages } from "../../lib/messages/applications";
import { applicationStatusLabel } from "../../lib/messages/opportunity";
import { useViewport } from "../../lib/viewport";
import { SUBSCRIPTION_PATH, usePremiumGate } from "../../lib/premium";
import { brand } from "../../lib/theme";
import { useActivityShortcuts } from "./activityShortcuts";
import { ContactActionsMenu } from "./ContactActionsMenu";
import { useContactExport } from "./useContactExport";
import { touchRhythmLabels } from "./touchRhythm";
import { activityPanels, ActivityLine } from "../../components/activity/panels";
import { fullName, jobAndCompany } from "./names";
import { useListOrEmpty } from "./queries";
import { StatusChip } from "./StatusChip";
import { useContactActions } from "./useContactActions";
import { initials } from "../../lib/names";
import { Panel, PanelContent, Row } from "../../components/DetailsPanel";
import { ResourceLinks } from "../../components/resources/ResourceLinks";

const d = networkMessages.details;

export default function ContactDetailsPage() {
  const { id = "" } = useParams();
  // A missing contact is this page's state, and so is a failure (a load error with « Réessayer »);
  // a lost session and premium go to the app's handling.
  const query = useQuery(NetworkService.method.getContact, { id }, { meta: { handlesErrors: true } });
  return (
    <RecordPage
      record={query.data?.contact}
      query={query}
      title={fullName}
      crumb={fullName}
      texts={d}
      list={{ to: "/contacts", title: networkMessages.list.title }}
      notFound={<NotFound />}
      columns="360px 1fr"
    >
      {(c) => <Details contact={c} />}
    </RecordPage>
  );
}

function NotFound() {
  return (
    <PageContainer narrow>
      <NotFoundState icon={<PersonSearchRounded />} title={d.notFoundTitle} text={d.notFoundText} backTo="/contacts" backLabel={d.backToNetwork} />
    </PageContainer>
  );
}

function Details({ contact }: { contact: Contact }) {
  const actions = useContactActions();
  const shortcuts = useActivityShortcuts();
  const exports = useContactExport();
  const navigate = useNavigate();
  const handlers = {
    onAddTask: () => shortcuts.addTask(contact),
    onAddInterview: () => shortcuts.addInterview(contact),
    onExportVCard: () => exports.vcard(contact.id),
    onDelete: () => actions.remove(contact, () => navigate("/contacts", { replace: true })),
  };
  return (
    <>
      <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 3, display: "flex", gap: 2.5, alignItems: { xs: "flex-start", md: "center" }, flexDirection: { xs: "column", md: "row" } }}>
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", minWidth: 0, flex: 1 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: brand.primaryLight, color: "primary.main", fontWeight: 700 }}>{initials(contact)}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, flexWrap: "wrap" }}>
              <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" } }}>
                {fullName(contact)}
              </Typography>
              <StatusChip status={contact.status} />
            </Box>
            {(contact.job || contact.company) && (
              <Typography color="text.secondary" sx={{ mt: 0.25 }}>
                {jobAndCompany(contact)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="contact-added">
              {d.addedOn(formatDate(contact.createdDate))}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: { xs: "nowrap", sm: "wrap" }, alignItems: "center", width: { xs: "100%", md: "auto" } }}>
          <Button variant="outlined" startIcon={<AddTaskRounded />} onClick={handlers.onAddTask} sx={{ display: { xs: "none", sm: "inline-flex" } }}>
            {networkMessages.actions.addTask}
          </Button>
          <Button variant="outlined" startIcon={<EventAvailableRounded />} onClick={handlers.onAddInterview} sx={{ display: { xs: "none", sm: "inline-flex" } }}>
            {networkMessages.actions.addInterview}
          </Button>
          <Button variant="contained" startIcon={<EditRounded />} onClick={() => actions.edit(contact.id)} sx={{ flex: { xs: 1, sm: "none" } }}>
            {networkMessages.actions.edit}
          </Button>
          <ContactActionsMenu contact={contact} handlers={handlers} />
        </Box>
      </Card>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "360px minmax(0, 1fr)" }, gap: 3, alignItems: "start" }}>
        <InformationCard contact={contact} />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
          <ActivitiesPanel contactId={contact.id} />
          <ApplicationsPanel contactId={contact.id} />
          <RecommendedPanel contactId={contact.id} />
        </Box>
      </Box>
    </>
  );
}

function None() {
  return <Typography color="text.disabled">{d.none}</Typography>;
}

/** The list's rank line ("2 — via Claire BERNARD", "1 — Vous"), the intermediary a link to their page. */
function RankLine({ contact }: { contact: Contact }) {
  const parent = contact.parent;
  if (!parent) return networkMessages.list.rank(contact.rank, undefined);
  // The catalogue's sentence, split where the intermediary's name goes.
  const NAME = "\u0000";
  const [before = "", after = ""] = networkMessages.list.rank(contact.rank, NAME).split(NAME);
  return (
    <>
      {before}
      <Link component={RouterLink} to={`/contact/${parent.id}`}>
        {fullName(parent)}
      </Link>
      {after}
    </>
  );
}

function InformationCard({ contact }: { contact: Contact }) {
  const gate = usePremiumGate();
  return (
    <Card component="section" aria-labelledby="contact-info" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="contact-info" variant="h3" component="h2" sx={{ mb: 2 }}>
        {d.info}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={d.email}>{contact.email ? <Link href={`mailto:${contact.email}`}>{contact.email}</Link> : <None />}</Row>
        <Row label={d.mobile}>{contact.mobileNumber ? <Link href={`tel:${contact.mobileNumber.replace(/[\s-]/g, "")}`}>{contact.mobileNumber}</Link> : <None />}</Row>
        <Row label={d.phone}>{contact.phoneNumber ? <Link href={`tel:${contact.phoneNumber.replace(/[\s-]/g, "")}`}>{contact.phoneNumber}</Link> : <None />}</Row>
        <Row label={d.rank}>
          <Typography data-testid="details-rank">
            <RankLine contact={contact} />
          </Typography>
        </Row>
        <Row label={d.touchRhythm}>
          <Typography data-testid="details-rhythm">{touchRhythmLabels[contact.touchRhythm]}</Typography>
        </Row>
        <Row label={d.notes}>{contact.comments ? <Typography sx={{ whiteSpace: "pre-wrap" }}>{contact.comments}</Typography> : <None />}</Row>
        <Row label={d.resources}>
          <ResourceLinks resources={contact.resources} newTab={d.opensInNewTab} empty={<None />} />
        </Row>
        <Row label={d.tags}>
          {contact.tags.length ? (
            <Box sx={{ display: "flex", gap: 0.75, flexWrap: "wrap" }}>
              {contact.tags.map((t) => (
                <Chip
                  key={t.id}
                  label={t.name}
                  size="small"
                  clickable
                  component={RouterLink}
                  to={gate.premium ? "/contacts" : SUBSCRIPTION_PATH}
                  state={gate.premium ? { tag: t.name } : undefined}
                  sx={{ bgcolor: brand.primaryLight, color: "primary.dark", fontWeight: 600 }}
                />
              ))}
            </Box>
          ) : (
            <None />
          )}
        </Row>
      </Box>
    </Card>
  );
}

function ActivitiesPanel({ contactId }: { contactId: string }) {
  const [tab, setTab] = useState<"inProgress" | "finished">("inProgress");
  const tasks = useListOrEmpty(ActivityService.method.listTasks, { contactId });
  const events = useListOrEmpty(ActivityService.method.listEvents, { contactId });
  const panels = activityPanels(tasks.data?.tasks ?? [], events.data?.events ?? []);
  const items = panels[tab];
  const failed = tasks.isError || events.isError;
  const both = {
    isError: failed,
    isPending: tasks.isPending || events.isPending,
    isFetching: tasks.isFetching || events.isFetching,
    refetch: () => (void tasks.refetch(), void events.refetch()),
  };
  return (
    <Panel title={d.activities} icon={<EventNoteRounded />}>
      <Tabs value={tab} onChange={(_, v: "inProgress" | "finished") => setTab(v)} sx={{ mb: 2, borderBottom: `1px solid ${brand.border}` }}>
        <Tab value="inProgress" label={failed ? d.inProgress : `${d.inProgress} (${panels.inProgress.length})`} />
        <Tab value="finished" label={failed ? d.finished : `${d.finished} (${panels.finished.length})`} />
      </Tabs>
      <PanelContent query={both} what={d.loadActivities} empty={items.length === 0} emptyText={tab === "inProgress" ? d.noInProgress : d.noFinished}>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {items.map((i) => (
            <ActivityLine key={`${i.kind}-${i.id}`} item={i} />
          ))}
        </Box>
      </PanelContent>
    </Panel>
  );
}

function ApplicationsPanel({ contactId }: { contactId: string }) {
  const apps = useListOrEmpty(OpportunityService.method.listApplications, { contactId });
  const list = apps.data?.applications ?? [];
  return (
    <Panel title={d.applications} icon={<WorkOutlineRounded />}>
      <PanelContent query={apps} what={d.loadApplications} empty={list.length === 0} emptyText={d.noApplications}>
        <ApplicationsList list={list} />
      </PanelContent>
    </Panel>
  );
}

/** An application's company, a link to its page, over its job: the list's and the table's. */
function ApplicationTitle({ application: a }: { application: Application }) {
  return (
    <>
      <Link component={RouterLink} to={`/application/${a.id}`} color="text.primary" sx={{ fontWeight: 600 }}>
        {a.company}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {a.job}
      </Typography>
    </>
  );
}

/** The contact's applications: a list on phones, a table elsewhere. */
function ApplicationsList({ list }: { list: readonly Application[] }) {
  const { isMobile } = useViewport();
  const st = applicationMessages.shortTable;
  return isMobile ? (
    <Box component="ul" data-testid="contact-applications" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {list.map((a) => (
        <Box component="li" key={a.id} sx={{ display: "flex", alignItems: "flex-start", gap: 1.5, py: 1.25, borderTop: `1px solid ${brand.border}`, "&:first-of-type": { borderTop: 0 } }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <ApplicationTitle application={a} />
            <Typography variant="body2" color="text.secondary">
              {[a.reference, a.salary, a.place, formatDate(a.dateOfPublication)].filter(Boolean).join(" · ")}
            </Typography>
          </Box>
          <Chip size="small" label={applicationStatusLabel(a.status)} />
        </Box>
      ))}
    </Box>
  ) : (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={st.caption} data-testid="contact-applications" sx={{ "& th": { fontWeight: 700, color: "text.secondary", whiteSpace: "nowrap" }, "& td, & th": { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{st.action}</TableCell>
            <TableCell>{st.subject}</TableCell>
            <TableCell>{st.reference}</TableCell>
            <TableCell>{st.salary}</TableCell>
            <TableCell>{st.dateOfPublication}</TableCell>
            <TableCell>{st.place}</TableCell>
            <TableCell>{st.status}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <IconButton component={RouterLink} to={`/application/${a.id}`} size="small" aria-label={st.open(a.company, a.job)}>
                  <OpenInFullRounded fontSize="small" />
                </IconButton>
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <ApplicationTitle application={a} />
              </TableCell>
              <TableCell>{a.reference || d.none}</TableCell>
              <TableCell>{a.salary || d.none}</TableCell>
              <TableCell>{formatDate(a.dateOfPublication) || d.none}</TableCell>
              <TableCell>{a.place || d.none}</TableCell>
              <TableCell>
                <Chip size="small" label={applicationStatusLabel(a.status)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function RecommendedPanel({ contactId }: { contactId: string }) {
  const rec = useQuery(NetworkService.method.listRecommendedContacts, { id: contactId }, { meta: { handlesErrors: true } });
  const list = rec.data?.recommendedContacts ?? [];
  return (
    <Panel title={d.recommended} icon={<PeopleAltRounded />}>
      <PanelContent query={rec} what={d.loadRecommended} empty={list.length === 0} emptyText={d.noRecommended}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {d.recommendedIntro}
        </Typography>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.25 }}>
          {list.map((c) => (
            <Box component="li" key={c.id} sx={{ ...wholeCard, display: "flex", alignItems: "center", gap: 1.25, p: 1.25, borderRadius: "12px", border: `1px solid ${brand.border}`, minWidth: 0 }}>
              <Avatar sx={{ width: 36, height: 36, fontSize: "0.875rem", bgcolor: brand.primaryLight, color: "primary.main", fontWeight: 700 }}>{initials(c)}</Avatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Link component={RouterLink} to={`/contact/${c.id}`} color="text.primary" data-card-link sx={{ fontWeight: 600, display: "block", ...cardLink }} noWrap>
                  {fullName(c)}
                </Link>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {c.company || "\u00a0"}
                </Typography>
              </Box>
              <StatusChip status={c.status} />
            </Box>
          ))}
        </Box>
      </PanelContent>
    </Panel>
  );
}
