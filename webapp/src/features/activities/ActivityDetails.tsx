// The frame both detail screens share (spec section 2): breadcrumb back to /activities, the
// information card, the linked contact, additional information and the report, and the
// actions (complete, edit, delete) while the activity is not completed.
import type { ReactNode } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import NotesRounded from "@mui/icons-material/NotesRounded";
import PersonRounded from "@mui/icons-material/PersonRounded";
import SearchOffRounded from "@mui/icons-material/SearchOffRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import {
  ActivityStatus,
  ActivityType,
  MediaType,
  type Event as ActivityEvent,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import type { Resource } from "../../gen/tremplin/common/v1/common_pb";
import { useDeleteActivity } from "./useDeleteActivity";
import { BackBreadcrumbs } from "../../components/BackBreadcrumbs";
import { DetailsBody } from "../../components/DetailsPage";
import { NotFoundState } from "../../components/NotFoundState";
import { PageContainer } from "../../components/layout/PageContainer";
import { useActivityModals } from "../../components/activity/useActivityModals";
import { isMissing } from "../../lib/errors";
import { mediaTypeLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { safeExternalHref } from "../../lib/links";
import { usePageTitle } from "../../lib/usePageTitle";
import { PriorityMarker, priorityLevel } from "./ActivityRow";
import { personName } from "../../lib/names";
import { Panel } from "../../components/DetailsPanel";

const d = activityMessages.details;

export type Row = { label: string; value: ReactNode };

/** The activity's status row. */
export const statusRow = (item: Task | ActivityEvent): Row => ({ label: d.status, value: item.status === ActivityStatus.COMPLETED ? d.completed : d.notStarted });

/** The activity's media type row, when it has one. */
export const mediaTypeRows = (item: Task | ActivityEvent): Row[] =>
  item.mediaType ? [{ label: d.mediaType, value: mediaTypeLabels[item.mediaType as Exclude<MediaType, MediaType.UNSPECIFIED>] }] : [];

/** The row of the opportunity the activity belongs to, when it belongs to one. */
export const applicationRows = (item: Task | ActivityEvent): Row[] => (item.application ? [{ label: d.application, value: <ApplicationLink application={item.application} /> }] : []);

/**
 * The opportunity an activity belongs to, as a link to its page. A block of its own: a long
 * title wraps, and the enlarged hit area of a link (theme.ts) is drawn around the whole block
 * rather than around the fragments of an inline link over two lines (a phone measured 165 × 39).
 */
function ApplicationLink({ application }: { application: { id: string; job: string; company: string } }) {
  return (
    <Link component={RouterLink} to={`/application/${application.id}`} sx={{ overflowWrap: "anywhere", display: "inline-block" }}>
      {`${application.job} — ${application.company}`}
    </Link>
  );
}

/**
 * A task's or an event's page around its call: the activity's name (`label`) is the page's
 * title, and the information card shows its subject then its `rows`.
 */
export function DetailsFrame<T extends Task | ActivityEvent>({
  kind,
  item,
  query,
  label,
  rows,
  canComplete,
  extra,
}: {
  kind: "task" | "event";
  item: T | undefined;
  /**
   * The page's call: placeholders while it loads; refused as missing (isMissing: unknown,
   * someone else's, a malformed id), « introuvable »; failed for another reason (a dropped
   * connection), the page's h1 over « Impossible de charger … » and « Réessayer ».
   */
  query: { isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  label: (item: T) => string;
  rows: (item: T) => Row[];
  canComplete: (item: T) => boolean;
  extra?: (item: T) => ReactNode;
}) {
  const title = item ? label(item) : kind === "task" ? d.task : d.event;
  usePageTitle(title);
  const breadcrumb = (
    <BackBreadcrumbs label={d.breadcrumb} to={`/activities?type=${kind}`} list={d.breadcrumb} current={item && title} />
  );

  if (query.error && isMissing(query.error)) {
    return (
      <PageContainer>
        {breadcrumb}
        <NotFoundState icon={<SearchOffRounded />} title={d.notFound} backTo="/activities" backLabel={d.back} />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      {breadcrumb}
      <DetailsBody record={item} query={query} title={title} what={kind === "task" ? d.loadTask : d.loadEvent} columns="1fr 1fr">
        {(item) => <Details kind={kind} item={item} title={title} rows={[{ label: d.subject, value: title }, ...rows(item)]} canComplete={canComplete(item)} extra={extra?.(item)} />}
      </DetailsBody>
    </PageContainer>
  );
}

/** The activity once read: its header card and its panels. */
function Details({ kind, item, title, rows, canComplete, extra }: { kind: "task" | "event"; item: Task | ActivityEvent; title: string; rows: Row[]; canComplete: boolean; extra?: ReactNode }) {
  const modals = useActivityModals();
  const navigate = useNavigate();
  const deleteActivity = useDeleteActivity();
  const type = kind === "task" ? ActivityType.TASK : ActivityType.EVENT;
  const done = item.status === ActivityStatus.COMPLETED;
  // After a deletion away from a contact page, back to the activities (spec section 2).
  const remove = () => deleteActivity(kind, item.id, () => navigate(`/activities?type=${kind}`, { replace: true }));

  return (
    <>
      <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 3, display: "flex", gap: 2, alignItems: { xs: "flex-start", md: "center" }, flexDirection: { xs: "column", md: "row" } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, flex: 1, minWidth: 0, flexWrap: "wrap" }}>
          <PriorityMarker level={done ? undefined : priorityLevel(kind, kind === "task" ? (item as Task).priority : undefined)} />
          <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" }, textDecoration: done ? "line-through" : undefined, color: done ? "text.secondary" : undefined }}>
            {title}
          </Typography>
          {done ? <Chip icon={<TaskAltRounded />} color="success" label={d.completed} size="small" /> : <Chip label={d.notStarted} size="small" />}
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {canComplete && (
            <Button variant="contained" startIcon={<TaskAltRounded />} onClick={() => modals.report(type, item)}>
              {d.complete}
            </Button>
          )}
          {!done && (
            <>
              <Button variant="outlined" color="inherit" startIcon={<EditRounded />} sx={{ borderColor: "divider" }} onClick={() => (kind === "task" ? modals.editTask(item as Task) : modals.editEvent(item as ActivityEvent))}>
                {d.edit}
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteOutlineRounded />} onClick={remove}>
                {d.delete}
              </Button>
            </>
          )}
        </Box>
      </Card>
      {kind === "event" && !done && !canComplete && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {d.completeLater}
        </Typography>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 3 }}>
        <Panel title={d.information} icon={<InfoOutlined />}>
          <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "minmax(110px, auto) 1fr", columnGap: 2, rowGap: 1 }}>
            {rows.map((r) => (
              <Box key={r.label} sx={{ display: "contents" }}>
                <Typography component="dt" color="text.secondary" variant="body2">
                  {r.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: "anywhere" }}>
                  {r.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Panel>
        <Panel title={d.contact} icon={<PersonRounded />}>
          {item.contact ? (
            <Box>
              <Link component={RouterLink} to={`/contact/${item.contact.id}`} sx={{ fontWeight: 600 }}>
                {personName(item.contact)}
              </Link>
              {item.contact.company && <Typography color="text.secondary">{item.contact.company}</Typography>}
            </Box>
          ) : (
            <Typography color="text.secondary">{d.noContact}</Typography>
          )}
          {extra}
        </Panel>
        <Panel
          title={d.additional}
          icon={<NotesRounded />}
          action={
            <Button size="small" startIcon={<EditRounded />} onClick={() => modals.additionalInfo(type, item)}>
              {d.editAdditional}
            </Button>
          }
        >
          <TextAndLinks text={item.comments} resources={item.resources} empty={d.noAdditional} />
        </Panel>
        <Panel
          title={d.report}
          icon={<TaskAltRounded />}
          action={
            done ? (
              <Button size="small" startIcon={<EditRounded />} onClick={() => modals.report(type, item)}>
                {d.editReport}
              </Button>
            ) : undefined
          }
        >
          {done ? (
            <>
              {kind === "event" && (item as ActivityEvent).mood ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  <strong>{d.mood}&nbsp;:</strong> {activityMessages.moods[(item as ActivityEvent).mood] ?? ""}
                </Typography>
              ) : null}
              <TextAndLinks text={item.markAsCompleteComment} resources={[]} empty={d.noReport} />
            </>
          ) : (
            <Typography color="text.secondary">{d.noReportYet}</Typography>
          )}
        </Panel>
      </Box>
    </>
  );
}

function TextAndLinks({ text, resources, empty }: { text: string; resources: readonly Resource[]; empty: string }) {
  if (!text.trim() && resources.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box>
      {text.trim() && <Typography sx={{ whiteSpace: "pre-line", mb: resources.length ? 1.5 : 0 }}>{text}</Typography>}
      {resources.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {resources.map((r, i) => {
            // Only a safe address opens (web or mail); anything else (javascript:…) stays text.
            const href = safeExternalHref(r.url);
            return (
              <li key={i}>
                {href ? (
                  <Link href={href} target="_blank" rel="noopener noreferrer">
                    {r.label}
                  </Link>
                ) : (
                  <Typography component="span">{r.label}</Typography>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
