// /task/{id}: a task's information, linked contact, additional information and report.
import { useParams } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import { ActivityService, ActivityStatus, TaskPriority, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { formatDate } from "../../lib/format";
import { taskPriorityLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { applicationRows, DetailsFrame, mediaTypeRows, statusRow, type Row } from "./ActivityDetails";
import { taskLabel } from "./labels";

const d = activityMessages.details;

/** The task's information after its subject. */
const taskRows = (task: Task): Row[] => [
  statusRow(task),
  { label: d.deadline, value: formatDate(task.deadline) },
  { label: d.initialDeadline, value: formatDate(task.initialDeadline) },
  ...(task.executionDate ? [{ label: d.executionDate, value: formatDate(task.executionDate) }] : []),
  { label: d.priority, value: taskPriorityLabels[task.priority as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>] ?? "" },
  ...mediaTypeRows(task),
  ...applicationRows(task),
];

export default function TaskDetailsPage() {
  const { id = "" } = useParams();
  const res = useQuery(ActivityService.method.getTask, { id }, { meta: { handlesErrors: true }, retry: false });
  return <DetailsFrame kind="task" item={res.data?.task} query={res} label={taskLabel} rows={taskRows} canComplete={(task) => task.status !== ActivityStatus.COMPLETED} />;
}
