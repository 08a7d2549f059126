// /application/{id} (spec section 2 "Application details"): breadcrumb back to the applications,
// the header (company, job, status, edit and « Marquer comme terminée » while new or engaged),
// the activities in progress and finished with add task and add interview while open, the
// report of a won or lost application, « Qui je connais là-bas ? », the description, the
// information and the associated contacts. Won and lost are final: nothing to edit nor add.
import { useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import EditRounded from "@mui/icons-material/EditRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import WorkOffRounded from "@mui/icons-material/WorkOffRounded";
import { OpportunityService, type Application } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { RecordPage } from "../../components/DetailsPage";
import { isClosed } from "../../components/applicationStatus";
import { NotFoundState } from "../../components/NotFoundState";
import { PageContainer } from "../../components/layout/PageContainer";
import { useActivityModals } from "../../components/activity/useActivityModals";
import { formatDate } from "../../lib/format";
import { applicationMessages } from "../../lib/messages/applications";
import { brand } from "../../lib/theme";
import { ActivitiesPanel } from "./details/ActivitiesPanel";
import { ContactsCard, DescriptionCard, InformationCard, ReportCard } from "./details/Cards";
import { KnownContactsPanel } from "./details/KnownContactsPanel";
import { StatusChip } from "./list/StatusChip";
import { useApplicationModals } from "./modals/useApplicationModals";

const d = applicationMessages.details;

export default function ApplicationDetailsPage() {
  const { id = "" } = useParams();
  // A missing application is this page's state; a failure says so (lost session and premium go
  // to the app's handling).
  const query = useQuery(OpportunityService.method.getApplication, { id }, { meta: { handlesErrors: true } });
  return (
    <RecordPage
      record={query.data?.application}
      query={query}
      title={(a) => `${a.company} — ${a.job}`}
      crumb={(a) => a.company}
      texts={d}
      list={{ to: "/applications", title: applicationMessages.list.title }}
      notFound={<NotFound />}
      columns="minmax(0, 1fr) 360px"
    >
      {(a) => <Details application={a} />}
    </RecordPage>
  );
}

function NotFound() {
  return (
    <PageContainer narrow>
      <NotFoundState icon={<WorkOffRounded />} title={d.notFoundTitle} text={d.notFoundText} backTo="/applications" backLabel={d.backToList} />
    </PageContainer>
  );
}

function Details({ application }: { application: Application }) {
  const modals = useApplicationModals();
  const activities = useActivityModals();
  const open = !isClosed(application);
  const locked = { applicationId: application.id, locks: { application: true } };
  return (
    <>
      <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 3, display: "flex", gap: 2.5, alignItems: { xs: "flex-start", md: "center" }, flexDirection: { xs: "column", md: "row" } }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, flexWrap: "wrap" }}>
            <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" }, overflowWrap: "anywhere" }}>
              {application.company}
            </Typography>
            <StatusChip status={application.status} testId="application-status" />
          </Box>
          <Typography sx={{ mt: 0.25, fontWeight: 600, color: "text.secondary", overflowWrap: "anywhere" }} data-testid="application-job">
            {application.job}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {[d.createdOn(formatDate(application.createdDate)), application.engagmentDate ? d.engagedOn(formatDate(application.engagmentDate)) : ""].filter(Boolean).join(" · ")}
          </Typography>
        </Box>
        {open ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", width: { xs: "100%", md: "auto" } }}>
            <Button variant="outlined" startIcon={<EditRounded />} onClick={() => modals.edit(application)} sx={{ flex: { xs: "1 1 100%", sm: "none" } }}>
              {d.edit}
            </Button>
            <Button variant="contained" startIcon={<TaskAltRounded />} onClick={() => void modals.report(application)} sx={{ flex: { xs: "1 1 100%", sm: "none" }, whiteSpace: "nowrap" }}>
              {d.complete}
            </Button>
          </Box>
        ) : (
          <Alert severity="success" icon={<TaskAltRounded fontSize="inherit" />} sx={{ width: { xs: "100%", md: "auto" }, bgcolor: brand.primaryLight, color: "text.primary", "& .MuiAlert-icon": { color: "primary.main" } }} data-testid="application-final">
            {d.final}
          </Alert>
        )}
      </Card>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) 360px" }, gap: 3, alignItems: "start" }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
          {!open && <ReportCard application={application} />}
          <ActivitiesPanel
            applicationId={application.id}
            open={open}
            onAddTask={() => activities.createTask(locked)}
            onAddInterview={() => activities.createEvent(locked)}
          />
          <KnownContactsPanel application={application} open={open} />
          <DescriptionCard application={application} />
        </Box>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
          <InformationCard application={application} />
          <ContactsCard application={application} />
        </Box>
      </Box>
    </>
  );
}
