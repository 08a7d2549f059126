// The title of a task (its custom subject, or its subject's label) and of an event.
import { EventSubject, TaskSubject, type Event as ActivityEvent, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { eventSubjectLabels, taskSubjectLabels } from "../../lib/messages/activity";

export const taskLabel = (t: Task) => t.customSubject || taskSubjectLabels[t.subject as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>] || "";
export const eventLabel = (e: ActivityEvent) => eventSubjectLabels[e.subject as Exclude<EventSubject, EventSubject.UNSPECIFIED>] ?? "";
