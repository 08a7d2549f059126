// /task/{id}: a task's information, linked contact, additional information and report.
import { useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import { ActivityService, ActivityStatus, MediaType, TaskPriority } from "../../gen/tremplin/activity/v1/activity_pb";
import { formatDate } from "../../lib/format";
import { isMissing } from "../../lib/errors";
import { mediaTypeLabels, taskPriorityLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { usePageTitle } from "../../lib/usePageTitle";
import { ApplicationLink, DetailsFrame, type Row } from "./ActivityDetails";
import { taskLabel } from "./labels";

const d = activityMessages.details;

export default function TaskDetailsPage() {
  const { id = "" } = useParams();
  const res = useQuery(ActivityService.method.getTask, { id }, { meta: { handlesErrors: true }, retry: false });
  const task = res.data?.task;
  const title = task ? taskLabel(task) : d.task;
  usePageTitle(title);
  const rows: Row[] = task
    ? [
        { label: d.subject, value: title },
        { label: d.status, value: task.status === ActivityStatus.COMPLETED ? d.completed : d.notStarted },
        { label: d.deadline, value: formatDate(task.deadline) },
        { label: d.initialDeadline, value: formatDate(task.initialDeadline) },
        ...(task.executionDate ? [{ label: d.executionDate, value: formatDate(task.executionDate) }] : []),
        { label: d.priority, value: taskPriorityLabels[task.priority as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>] ?? "" },
        ...(task.mediaType ? [{ label: d.mediaType, value: mediaTypeLabels[task.mediaType as Exclude<MediaType, MediaType.UNSPECIFIED>] }] : []),
        ...(task.application ? [{ label: d.application, value: <ApplicationLink application={task.application} /> }] : []),
      ]
    : [];
  return (
    <DetailsFrame
      kind="task"
      item={task}
      title={title}
      query={res}
      missing={Boolean(res.error && isMissing(res.error))}
      rows={rows}
      canComplete={Boolean(task && task.status !== ActivityStatus.COMPLETED)}
    />
  );
}
