// The first task offered when a contact becomes reachable: its values, subjects and defaults.
// Its rules are the task form's (components/activity/taskForm.ts): same channels, same deadline.
import { MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { isContactSubject, TASK_SUBJECTS, taskMediaTypesFor, type Reachable } from "../../components/activity/subjects";
import { dayValue } from "../../lib/format";

export type FirstTaskValues = {
  subject: TaskSubject;
  mediaType: MediaType;
  /** yyyy-MM-dd, as a date input gives it. */
  deadline: string;
  priority: TaskPriority;
  comments: string;
};

/** Subjects of a task with a contact (the subjects concerning no contact drop the contact). */
export const CONTACT_TASK_SUBJECTS: readonly TaskSubject[] = TASK_SUBJECTS.filter(isContactSubject);

export function defaultFirstTask(v: Reachable, now = new Date()): FirstTaskValues {
  return {
    subject: TaskSubject.FIRST_CONTACT,
    mediaType: taskMediaTypesFor(v)[0]!,
    deadline: dayValue(now),
    priority: TaskPriority.NORMAL,
    comments: "",
  };
}
