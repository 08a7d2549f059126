// The task form's values and rules (spec section 5): defaults, dependencies between fields,
// what it refuses before sending, and the draft it sends.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { isBefore, startOfDay } from "date-fns";
import { MediaType, TaskPriority, TaskSubject, type Task, type TaskDraftSchema } from "../../gen/tremplin/activity/v1/activity_pb";
import { dayValue, parseDayValue, toJsDate, UNREADABLE } from "../../lib/format";
import { keptResources, resourceValues, type ResourceValue } from "../resources/model";
import { type FormErrors, type Lookup, contactsFor, isContactSubject, taskSubjectsFor, taskMediaTypesFor } from "./subjects";

export type TaskFormValues = {
  applicationId: string;
  subject: TaskSubject;
  customSubject: string;
  contactId: string;
  mediaType: MediaType;
  deadline: string;
  priority: TaskPriority;
  comments: string;
  resources: ResourceValue[];
};

export function emptyTask(now = new Date()): TaskFormValues {
  return {
    applicationId: "",
    subject: TaskSubject.UNSPECIFIED,
    customSubject: "",
    contactId: "",
    mediaType: MediaType.UNSPECIFIED,
    deadline: dayValue(now),
    priority: TaskPriority.NORMAL,
    comments: "",
    resources: [],
  };
}

export function taskToForm(t: Task): TaskFormValues {
  const d = toJsDate(t.deadline);
  return {
    applicationId: t.application?.id ?? "",
    subject: t.subject,
    customSubject: t.customSubject,
    contactId: t.contact?.id ?? "",
    mediaType: t.mediaType,
    deadline: d ? dayValue(d) : "",
    priority: t.priority === TaskPriority.UNSPECIFIED ? TaskPriority.NORMAL : t.priority,
    comments: t.comments,
    resources: resourceValues(t.resources),
  };
}


/**
 * The task values once the dependencies apply: a subject the application does not offer is
 * cleared, and so is a contact not of the application; a non-contact subject clears the contact;
 * no contact clears the media type, and a media type the contact cannot be reached by is
 * cleared; the custom subject is kept only for `other`.
 */
export function applyTaskDependencies(v: TaskFormValues, lookup: Lookup): TaskFormValues {
  const out = { ...v };
  const application = lookup.applications.find((a) => a.id === out.applicationId);
  if (out.subject !== TaskSubject.UNSPECIFIED && !taskSubjectsFor(out.applicationId).includes(out.subject)) {
    out.subject = TaskSubject.UNSPECIFIED;
  }
  if (out.subject !== TaskSubject.OTHER) out.customSubject = "";
  if (out.contactId && !contactsFor(lookup.contacts, application).some((c) => c.id === out.contactId)) out.contactId = "";
  if (!isContactSubject(out.subject)) out.contactId = "";
  const contact = lookup.contacts.find((c) => c.id === out.contactId);
  if (!contact) out.mediaType = MediaType.UNSPECIFIED;
  else if (!taskMediaTypesFor(contact).includes(out.mediaType)) out.mediaType = MediaType.UNSPECIFIED;
  return out;
}

/**
 * An opportunity with a single contact: that contact is the task's, chosen already (the first
 * task of a new opportunity, or an opportunity picked in the form). Applied when the
 * opportunity is set, never when the user clears the contact.
 */
export function preselectContact(v: TaskFormValues, lookup: Lookup): TaskFormValues {
  if (v.contactId || !v.applicationId) return v;
  if (v.subject !== TaskSubject.UNSPECIFIED && !isContactSubject(v.subject)) return v;
  const application = lookup.applications.find((a) => a.id === v.applicationId);
  const choices = contactsFor(lookup.contacts, application);
  return application && choices.length === 1 ? { ...v, contactId: choices[0].id } : v;
}


/** What the task form refuses before sending (spec section 5). */
export function validateTask(v: TaskFormValues, now = new Date()): FormErrors<TaskFormValues> {
  const e: FormErrors<TaskFormValues> = {};
  if (v.subject === TaskSubject.UNSPECIFIED) e.subject = "required";
  if (v.subject === TaskSubject.OTHER && !v.customSubject.trim()) e.customSubject = "required";
  const contactSubject = v.subject !== TaskSubject.UNSPECIFIED && isContactSubject(v.subject);
  if (contactSubject && !v.contactId) e.contactId = "required";
  if (v.contactId && v.mediaType === MediaType.UNSPECIFIED) e.mediaType = "required";
  const deadline = deadlineProblem(v.deadline, now);
  if (deadline) e.deadline = deadline;
  if (v.priority === TaskPriority.UNSPECIFIED) e.priority = "required";
  return e;
}


/** The deadline rule: required, a real date, not before today. */
export function deadlineProblem(value: string, now = new Date()): "required" | "past" | "date" | undefined {
  if (value === UNREADABLE) return "date";
  const day = parseDayValue(value);
  if (!day) return "required";
  return isBefore(day, startOfDay(now)) ? "past" : undefined;
}

/** A deadline day as the API takes it: that day at noon, local time (clear of time-zone edges). */
export function deadlineTimestamp(day: string): Timestamp | undefined {
  const d = parseDayValue(day);
  if (!d) return undefined;
  d.setHours(12, 0, 0, 0);
  return timestampFromDate(d);
}

export function taskDraft(v: TaskFormValues): MessageInitShape<typeof TaskDraftSchema> {
  return {
    subject: v.subject,
    customSubject: v.subject === TaskSubject.OTHER ? v.customSubject.trim() : "",
    mediaType: v.contactId ? v.mediaType : MediaType.UNSPECIFIED,
    priority: v.priority,
    deadline: deadlineTimestamp(v.deadline),
    contactId: v.contactId,
    applicationId: v.applicationId,
    comments: v.comments,
    // Sent even when empty: an update keeps what it leaves out, so an emptied list must be sent.
    resources: { items: keptResources(v.resources) },
  };
}
