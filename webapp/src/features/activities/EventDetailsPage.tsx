// /event/{id}: an event's information, linked contact, additional information, report, and the
// links to put it in a calendar (Google, Outlook, an .ics file).
import { useParams } from "react-router";
import { useQuery, useTransport, callUnaryMethod } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { visuallyHidden } from "../../components/PremiumBadge";
import Typography from "@mui/material/Typography";
import DownloadRounded from "@mui/icons-material/DownloadRounded";
import OpenInNewRounded from "@mui/icons-material/OpenInNewRounded";
import { ActivityService, EventType, MediaType, type Event as ActivityEvent } from "../../gen/tremplin/activity/v1/activity_pb";
import { LoadError } from "../../components/LoadError";
import { useToast } from "../../components/Toasts";
import { canCompleteEvent } from "../../components/activity/eventForm";
import { downloadFile } from "../../lib/download";
import { safeExternalHref } from "../../lib/links";
import { formatDateTime } from "../../lib/format";
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { applicationRows, DetailsFrame, mediaTypeRows, statusRow, type Row } from "./ActivityDetails";
import { eventLabel } from "./labels";

const d = activityMessages.details;
const typeLabels: Record<number, string> = { [EventType.INTERVIEW]: "Entretien", [EventType.EVENT]: "Rendez-vous", [EventType.TRADE_SHOW_VISIT]: "Visite de salon" };

/** The event's information after its subject. */
const eventRows = (event: ActivityEvent): Row[] => [
  { label: d.type, value: typeLabels[event.type] ?? "" },
  statusRow(event),
  { label: d.date, value: formatDateTime(event.date) },
  ...mediaTypeRows(event),
  ...(event.mediaDetails ? [{ label: d.mediaDetails, value: <MediaDetails type={event.mediaType} details={event.mediaDetails} /> }] : []),
  ...applicationRows(event),
];

export default function EventDetailsPage() {
  const { id = "" } = useParams();
  const res = useQuery(ActivityService.method.getEvent, { id }, { meta: { handlesErrors: true }, retry: false });
  return <DetailsFrame kind="event" item={res.data?.event} query={res} label={eventLabel} rows={eventRows} canComplete={canCompleteEvent} extra={(event) => <CalendarLinks id={event.id} />} />;
}

/**
 * Where the rendez-vous takes place: a video call's address opens in a new tab (only as a web
 * address: a typed « javascript: » stays text); a place stays text.
 */
function MediaDetails({ type, details }: { type: MediaType; details: string }) {
  const web = /^https?:\/\//i.test(details.trim()) || type === MediaType.VIDEO_CONFERENCING;
  const href = web ? safeExternalHref(details) : undefined;
  if (!href || href.startsWith("mailto:")) return <>{details}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: "anywhere", display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      {details}
      <OpenInNewRounded fontSize="inherit" aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {d.newTab}
      </Box>
    </Link>
  );
}

function CalendarLinks({ id }: { id: string }) {
  // Its failure is this block's to show (the .ics file is still offered).
  const links = useQuery(ActivityService.method.getCalendarLinks, { id }, { meta: { handlesErrors: true } });
  const transport = useTransport();
  const toast = useToast();
  const download = async () => {
    try {
      const res = await callUnaryMethod(transport, ActivityService.method.downloadEventCalendar, { id });
      if (res.file) downloadFile(res.file.data, res.file.contentType, res.filename || "rendez-vous.ics");
    } catch (err) {
      if (!handledByApp(err)) toast.error(messages.errors.generic);
    }
  };
  return (
    <Box sx={{ mt: 2.5, pt: 2, borderTop: 1, borderColor: "divider" }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {d.calendar}
      </Typography>
      {links.isError && <LoadError what={d.loadCalendarLinks} onRetry={() => void links.refetch()} retrying={links.isFetching} sx={{ mb: 1 }} />}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {/* The links appear once known: a greyed-out link is not disabled for every reader. */}
        {links.data && (
          <>
            <Button size="small" variant="outlined" href={links.data.calendarUrl} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewRounded />}>
              {d.google}
            </Button>
            <Button size="small" variant="outlined" href={links.data.mailCalendarUrl} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewRounded />}>
              {d.outlook}
            </Button>
          </>
        )}
        <Button size="small" variant="outlined" startIcon={<DownloadRounded />} onClick={() => void download()}>
          {d.ics}
        </Button>
      </Box>
    </Box>
  );
}
