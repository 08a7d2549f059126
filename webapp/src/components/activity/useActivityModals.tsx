// Opens the activity modals and chains the prompts of spec section 4: after a report, a
// follow-up task prefilled with the contact or application (locked), cancel labelled
// « Ignorer », with the automatic tasks the server planned shown on top; after completing a
// task, that prompt is the new-task one; after creating an event already past, its report.
import { useMemo } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import EditNoteRounded from "@mui/icons-material/EditNoteRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import {
  ActivityType,
  TaskSubject,
  type Activity,
  type Event as ActivityEvent,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { useModals } from "../ModalHost";
import { formatDate } from "../../lib/format";
import { taskSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import type { Locks } from "./ActivityForms";
import type { Reportable } from "./ReportForms";
import { AdditionalInfoForm, EventForm, ReportForm, TaskForm } from "./lazyForms";
import { createdInThePast, emptyEvent, eventToForm } from "./eventForm";
import { emptyTask, taskToForm } from "./taskForm";
import { resourceValues } from "../resources/model";
import { useRefreshActivities } from "../../lib/refresh";

const f = activityMessages.form;
const r = activityMessages.report;

export type NewActivity = {
  contactId?: string;
  applicationId?: string;
  subject?: TaskSubject;
  locks?: Locks;
  /** A prompt after another save (the first task of a new application): its own title and
   *  intro, cancel labelled « Ignorer ». */
  prompt?: { title: string; intro?: string };
  /** « Nouvel entretien » rather than « Nouveau rendez-vous »: the window says what was asked. */
  interview?: boolean;
};

export type ActivityModals = {
  createTask: (opts?: NewActivity, after?: (t: Task) => void) => void;
  editTask: (task: Task) => void;
  createEvent: (opts?: NewActivity, after?: (e: ActivityEvent) => void) => void;
  editEvent: (event: ActivityEvent) => void;
  additionalInfo: (kind: ActivityType, item: Task | ActivityEvent) => void;
  report: (kind: ActivityType, item: Task | ActivityEvent) => void;
};

export function reportableOf(kind: ActivityType, item: Task | ActivityEvent): Reportable {
  return {
    kind,
    id: item.id,
    status: item.status,
    mood: "mood" in item ? item.mood : undefined,
    comment: item.markAsCompleteComment,
    resources: resourceValues(item.resources),
  };
}

function taskTitle(t: Task): string {
  return t.customSubject || taskSubjectLabels[t.subject as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>] || "";
}

export function useActivityModals(): ActivityModals {
  const modals = useModals();
  const refreshActivities = useRefreshActivities();

  return useMemo(() => {
    // A saved activity can change contacts' and applications' statuses: refetch what is shown.
    const refresh = () => void refreshActivities();

    const createTask: ActivityModals["createTask"] = (opts = {}, after) => {
      const initial = { ...emptyTask(), contactId: opts.contactId ?? "", applicationId: opts.applicationId ?? "", subject: opts.subject ?? TaskSubject.UNSPECIFIED };
      modals.open({
        kind: "custom",
        title: opts.prompt?.title ?? f.createTaskTitle,
        illustration: <AddTaskRounded />,
        maxWidth: "sm",
        render: (close) => (
          <TaskForm
            initial={initial}
            locks={opts.locks}
            intro={opts.prompt?.intro}
            cancelLabel={opts.prompt ? f.ignore : undefined}
            close={close}
            onSaved={(task) => {
              refresh();
              close();
              after?.(task);
            }}
          />
        ),
      });
    };

    const followUp = (source: Activity | undefined, automatic: Task[]) => {
      const item = source?.kind.value;
      const completedTask = source?.kind.case === "task";
      const contactId = item?.contact?.id ?? "";
      const applicationId = item?.application?.id ?? "";
      const initial = { ...emptyTask(), contactId, applicationId };
      const notice =
        automatic.length > 0 ? (
          <Alert severity="info" data-testid="automatic-tasks">
            <AlertTitle>{r.automaticTitle}</AlertTitle>
            {r.automatic(automatic.length)}
            <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
              {automatic.map((a) => (
                <li key={a.id}>
                  {taskTitle(a)} — {formatDate(a.deadline)}
                </li>
              ))}
            </ul>
          </Alert>
        ) : undefined;
      modals.open({
        kind: "custom",
        title: completedTask ? f.nextTaskTitle : f.followUpTitle,
        illustration: <AddTaskRounded />,
        maxWidth: "sm",
        render: (close) => (
          <TaskForm
            initial={initial}
            locks={{ contact: Boolean(contactId), application: Boolean(applicationId) }}
            intro={completedTask ? f.nextTaskIntro : f.followUpIntro}
            notice={notice}
            cancelLabel={f.ignore}
            close={close}
            onSaved={() => {
              refresh();
              close();
            }}
          />
        ),
      });
    };

    const report: ActivityModals["report"] = (kind, item) => {
      modals.open({
        kind: "custom",
        title: r.title,
        tone: "success",
        illustration: <TaskAltRounded />,
        maxWidth: "sm",
        render: (close) => (
          <ReportForm
            activity={reportableOf(kind, item)}
            close={() => {
              refresh();
              close();
            }}
            onAdded={(activity, automatic) => {
              refresh();
              followUp(activity, automatic);
            }}
          />
        ),
      });
    };

    const reportPastEvent = (event: ActivityEvent) => {
      modals.open({
        kind: "custom",
        title: r.pastTitle,
        tone: "success",
        illustration: <TaskAltRounded />,
        maxWidth: "sm",
        render: (close) => (
          <ReportForm
            activity={reportableOf(ActivityType.EVENT, event)}
            close={close}
            onAdded={(activity, automatic) => {
              refresh();
              followUp(activity, automatic);
            }}
          />
        ),
      });
    };

    return {
      createTask,
      editTask: (task) =>
        modals.open({
          kind: "custom",
          title: f.editTaskTitle,
          illustration: <AddTaskRounded />,
          maxWidth: "sm",
          render: (close) => (
            <TaskForm
              task={task}
              initial={taskToForm(task)}
              close={close}
              onSaved={() => {
                refresh();
                close();
              }}
            />
          ),
        }),
      createEvent: (opts = {}, after) => {
        const initial = { ...emptyEvent(), contactId: opts.contactId ?? "", applicationId: opts.applicationId ?? "" };
        modals.open({
          kind: "custom",
          title: opts.interview ? f.createInterviewTitle : f.createEventTitle,
          illustration: <EventAvailableRounded />,
          maxWidth: "sm",
          render: (close) => (
            <EventForm
              initial={initial}
              label={opts.interview ? f.createInterviewTitle : undefined}
              locks={opts.locks}
              close={close}
              onSaved={(event) => {
                refresh();
                if (createdInThePast(event)) reportPastEvent(event);
                else close();
                after?.(event);
              }}
            />
          ),
        });
      },
      editEvent: (event) =>
        modals.open({
          kind: "custom",
          title: f.editEventTitle,
          illustration: <EventAvailableRounded />,
          maxWidth: "sm",
          render: (close) => (
            <EventForm
              event={event}
              initial={eventToForm(event)}
              close={close}
              onSaved={() => {
                refresh();
                close();
              }}
            />
          ),
        }),
      additionalInfo: (kind, item) =>
        modals.open({
          kind: "custom",
          title: activityMessages.additional.title,
          illustration: <EditNoteRounded />,
          maxWidth: "sm",
          render: (close) => (
            <AdditionalInfoForm
              kind={kind}
              id={item.id}
              comments={item.comments}
              resources={resourceValues(item.resources)}
              close={() => {
                refresh();
                close();
              }}
            />
          ),
        }),
      report,
    };
  }, [modals, refreshActivities]);
}
