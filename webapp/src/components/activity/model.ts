// The rules of the task and event forms (spec sections 4 "Form dependencies" and 5), and the
// shaping of the activities list (grouping, sorting, counts). Pure functions, unit-tested; the
// server applies the same rules and stays the authority.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { addDays, format, isBefore, parse, startOfDay, startOfWeek } from "date-fns";
import {
  ActivityStatus,
  EventSubject,
  EventType,
  MediaType,
  TaskPriority,
  TaskSubject,
  type Event as ActivityEvent,
  type EventDraftSchema,
  type Task,
  type TaskDraftSchema,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { dayValue, parseDayValue, toJsDate } from "../../lib/format";
import { keptResources, resourceValues, type ResourceValue } from "../resources/model";

// ---------------------------------------------------------------------------------------------
// Subjects, contacts and media types

/** Subjects that concern no contact: the form clears and hides the contact and media type. */
export const NON_CONTACT_SUBJECTS: readonly TaskSubject[] = [
  TaskSubject.UPDATE_JOBBOARDS_CVS,
  TaskSubject.INTERVIEW_PREPARATION,
  TaskSubject.INTERNET_SEARCHES,
  TaskSubject.OTHER,
];

export function isContactSubject(s: TaskSubject): boolean {
  return !NON_CONTACT_SUBJECTS.includes(s);
}

/** Every task subject, in the order the form lists them. */
export const TASK_SUBJECTS: readonly TaskSubject[] = [
  TaskSubject.FIRST_CONTACT,
  TaskSubject.ASK_INFORMATION,
  TaskSubject.REQUEST_FOR_INFORMATION,
  TaskSubject.SEND_INFORMATION,
  TaskSubject.SEND_APPLICATION,
  TaskSubject.SEND_OFFER,
  TaskSubject.FEEDBACK,
  TaskSubject.RETURN,
  TaskSubject.REMINDER,
  TaskSubject.REMINDER_APPLICATION,
  TaskSubject.THANKS_FOR_INTRODUCTION,
  TaskSubject.THANKS_AFTER_INTERVIEW,
  TaskSubject.THANKS_AFTER_RECRUITMENT_FAILED,
  TaskSubject.WISH_CARD,
  TaskSubject.INTERVIEW_PREPARATION,
  TaskSubject.INTERNET_SEARCHES,
  TaskSubject.UPDATE_JOBBOARDS_CVS,
  TaskSubject.OTHER,
];

/** The subjects of a task linked to an application (the server's ApplicationSubjects). */
export const APPLICATION_TASK_SUBJECTS: readonly TaskSubject[] = [
  TaskSubject.SEND_APPLICATION,
  TaskSubject.REMINDER_APPLICATION,
  TaskSubject.INTERVIEW_PREPARATION,
  TaskSubject.THANKS_AFTER_INTERVIEW,
  TaskSubject.THANKS_AFTER_RECRUITMENT_FAILED,
  TaskSubject.REQUEST_FOR_INFORMATION,
  TaskSubject.ASK_INFORMATION,
  TaskSubject.SEND_INFORMATION,
  TaskSubject.FEEDBACK,
  TaskSubject.RETURN,
  TaskSubject.REMINDER,
  TaskSubject.OTHER,
];

export function taskSubjectsFor(applicationId: string): readonly TaskSubject[] {
  return applicationId ? TASK_SUBJECTS.filter((s) => APPLICATION_TASK_SUBJECTS.includes(s)) : TASK_SUBJECTS;
}

/** Meeting subjects make a meeting (type event); the others an interview. */
export const MEETING_SUBJECTS: readonly EventSubject[] = [
  EventSubject.COFFEE,
  EventSubject.MEAL,
  EventSubject.AFTERWORK,
  EventSubject.EXHIBITION,
  EventSubject.WORKSHOP,
  EventSubject.CONFERENCE,
  EventSubject.TRAINING,
  EventSubject.WEBINAR,
];

export const EVENT_SUBJECTS: readonly EventSubject[] = [
  EventSubject.PRE_SELECTION,
  EventSubject.RECRUITMENT,
  EventSubject.DISCOVERY,
  EventSubject.PRODUCT_PRESENTATION,
  EventSubject.COMMERCIAL_PROPOSITION,
  EventSubject.NEGOTIATION,
  EventSubject.JOB_INTERVIEW_PREPARATION,
  EventSubject.JOB_INVESTIGATION,
  EventSubject.MARKET_APPROPRIATENESS,
  EventSubject.PRESENTATION,
  EventSubject.TARGETING,
  EventSubject.MEAL,
  EventSubject.COFFEE,
  EventSubject.AFTERWORK,
  EventSubject.EXHIBITION,
  EventSubject.WORKSHOP,
  EventSubject.CONFERENCE,
  EventSubject.TRAINING,
  EventSubject.WEBINAR,
  EventSubject.OTHER,
];

/** Gatherings about no one job: not offered for an event of an application (as the server). */
const NOT_FOR_APPLICATION: readonly EventSubject[] = [
  EventSubject.AFTERWORK,
  EventSubject.EXHIBITION,
  EventSubject.WORKSHOP,
  EventSubject.CONFERENCE,
  EventSubject.TRAINING,
  EventSubject.WEBINAR,
];

export function eventSubjectsFor(applicationId: string): readonly EventSubject[] {
  return applicationId ? EVENT_SUBJECTS.filter((s) => !NOT_FOR_APPLICATION.includes(s)) : EVENT_SUBJECTS;
}

export function eventTypeOf(s: EventSubject): EventType {
  return MEETING_SUBJECTS.includes(s) ? EventType.EVENT : EventType.INTERVIEW;
}

export type Reachable = { email?: string; phoneNumber?: string; mobileNumber?: string };

/** Media types of a task with this contact: its channels, then InMail and other. */
export function taskMediaTypesFor(c: Reachable | undefined): MediaType[] {
  if (!c) return [];
  const out: MediaType[] = [];
  if (c.email?.trim()) out.push(MediaType.EMAIL);
  if (c.mobileNumber?.trim()) out.push(MediaType.MOBILE);
  if (c.phoneNumber?.trim()) out.push(MediaType.PHONE);
  out.push(MediaType.INMAIL, MediaType.OTHER);
  return out;
}

/** Media types of an event: the contact's phones (when there is a contact), video, face to face. */
export function eventMediaTypesFor(c: Reachable | undefined): MediaType[] {
  const out: MediaType[] = [];
  if (!c || c.mobileNumber?.trim()) out.push(MediaType.MOBILE);
  if (!c || c.phoneNumber?.trim()) out.push(MediaType.PHONE);
  out.push(MediaType.VIDEO_CONFERENCING, MediaType.FACE_TO_FACE);
  return out;
}

/** Media details (an address, a link) are asked, and required, only for these. */
export function needsMediaDetails(m: MediaType): boolean {
  return m === MediaType.FACE_TO_FACE || m === MediaType.VIDEO_CONFERENCING;
}

/** A contact the form may pick, with what narrows it. */
export type ContactChoice = Reachable & { id: string; firstName: string; lastName: string; company: string };
/** An application the form may pick: its open status and its associated contacts. */
export type ApplicationChoice = { id: string; company: string; job: string; contactIds: readonly string[] };

export function contactsFor(contacts: readonly ContactChoice[], application: ApplicationChoice | undefined): ContactChoice[] {
  if (!application) return contacts.slice();
  return contacts.filter((c) => application.contactIds.includes(c.id));
}

// ---------------------------------------------------------------------------------------------
// The task form

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

type Lookup = { contacts: readonly ContactChoice[]; applications: readonly ApplicationChoice[] };

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

export type FormErrors<T> = Partial<Record<keyof T, "required" | "past">>;

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
export function deadlineProblem(value: string, now = new Date()): "required" | "past" | undefined {
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

// ---------------------------------------------------------------------------------------------
// The event form

export type EventFormValues = {
  applicationId: string;
  subject: EventSubject;
  contactId: string;
  mediaType: MediaType;
  mediaDetails: string;
  date: string;
  time: string;
  comments: string;
  resources: ResourceValue[];
};

/** The next quarter hour: the default time of a new event (the picker steps by 15 minutes). */
export function nextQuarter(now = new Date()): Date {
  const d = new Date(now);
  d.setSeconds(0, 0);
  d.setMinutes(Math.ceil((d.getMinutes() + 1) / 15) * 15);
  return d;
}

export function emptyEvent(now = new Date()): EventFormValues {
  const at = nextQuarter(now);
  return {
    applicationId: "",
    subject: EventSubject.UNSPECIFIED,
    contactId: "",
    mediaType: MediaType.UNSPECIFIED,
    mediaDetails: "",
    date: dayValue(at),
    time: format(at, "HH:mm"),
    comments: "",
    resources: [],
  };
}

export function eventToForm(e: ActivityEvent): EventFormValues {
  const d = toJsDate(e.date);
  return {
    applicationId: e.application?.id ?? "",
    subject: e.subject,
    contactId: e.contact?.id ?? "",
    mediaType: e.mediaType,
    mediaDetails: e.mediaDetails,
    date: d ? dayValue(d) : "",
    time: d ? format(d, "HH:mm") : "",
    comments: e.comments,
    resources: resourceValues(e.resources),
  };
}

export function applyEventDependencies(v: EventFormValues, lookup: Lookup): EventFormValues {
  const out = { ...v };
  const application = lookup.applications.find((a) => a.id === out.applicationId);
  if (out.subject !== EventSubject.UNSPECIFIED && !eventSubjectsFor(out.applicationId).includes(out.subject)) {
    out.subject = EventSubject.UNSPECIFIED;
  }
  if (out.contactId && !contactsFor(lookup.contacts, application).some((c) => c.id === out.contactId)) out.contactId = "";
  const contact = lookup.contacts.find((c) => c.id === out.contactId);
  if (out.mediaType !== MediaType.UNSPECIFIED && !eventMediaTypesFor(contact).includes(out.mediaType)) out.mediaType = MediaType.UNSPECIFIED;
  if (!needsMediaDetails(out.mediaType)) out.mediaDetails = "";
  return out;
}

/** The moment of the form's date and time, or undefined while either is missing. */
export function eventMoment(v: Pick<EventFormValues, "date" | "time">): Date | undefined {
  if (!v.date || !/^\d{2}:\d{2}$/.test(v.time)) return undefined;
  const d = parse(`${v.date} ${v.time}`, "yyyy-MM-dd HH:mm", new Date());
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function validateEvent(v: EventFormValues): FormErrors<EventFormValues> {
  const e: FormErrors<EventFormValues> = {};
  if (v.subject === EventSubject.UNSPECIFIED) e.subject = "required";
  if (v.mediaType === MediaType.UNSPECIFIED) e.mediaType = "required";
  // Required when the media type is face to face, video-conferencing, or not chosen yet.
  if ((v.mediaType === MediaType.UNSPECIFIED || needsMediaDetails(v.mediaType)) && !v.mediaDetails.trim()) e.mediaDetails = "required";
  if (!parseDayValue(v.date)) e.date = "required";
  if (!/^\d{2}:\d{2}$/.test(v.time)) e.time = "required";
  return e;
}

export function eventDraft(v: EventFormValues): MessageInitShape<typeof EventDraftSchema> {
  const at = eventMoment(v);
  return {
    type: eventTypeOf(v.subject),
    subject: v.subject,
    mediaType: v.mediaType,
    mediaDetails: needsMediaDetails(v.mediaType) ? v.mediaDetails.trim() : "",
    date: at ? timestampFromDate(at) : undefined,
    contactId: v.contactId,
    applicationId: v.applicationId,
    comments: v.comments,
    // Sent even when empty: an update keeps what it leaves out, so an emptied list must be sent.
    resources: { items: keptResources(v.resources) },
  };
}

/** An event created with a date already past asks for its report at once (spec section 4). */
export function createdInThePast(e: Pick<ActivityEvent, "date" | "createdDate">): boolean {
  const at = toJsDate(e.date);
  const created = toJsDate(e.createdDate) ?? new Date();
  return Boolean(at && at.getTime() < created.getTime());
}

/** An event can be completed only once its date is past. */
export function canCompleteEvent(e: Pick<ActivityEvent, "date" | "status">, now = new Date()): boolean {
  const at = toJsDate(e.date);
  return e.status !== ActivityStatus.COMPLETED && Boolean(at && at.getTime() <= now.getTime());
}


// ---------------------------------------------------------------------------------------------
// The activities list (spec section 4 "Activities list behaviour")

export type Week = { start: Date; end: Date };

/** The week (Monday to Sunday) holding `day`. */
export function weekOf(day: Date): Week {
  const start = startOfWeek(day, { weekStartsOn: 1 });
  return { start, end: addDays(start, 6) };
}

export type DayGroup<T> = { day: string; date: Date; items: T[] };

function groupByDay<T>(items: readonly T[], dateOf: (x: T) => Date | undefined): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const x of items) {
    const d = dateOf(x);
    if (!d) continue;
    const key = dayValue(d);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { day: key, date: startOfDay(d), items: [] }));
    g.items.push(x);
  }
  return [...groups.values()];
}

/**
 * Tasks grouped by deadline date, sorted by initial deadline (ascending by default): the groups
 * follow the order of their first task, and the tasks within one the same order.
 */
export function groupTasks(tasks: readonly Task[], ascending = true): DayGroup<Task>[] {
  const key = (t: Task) => (toJsDate(t.initialDeadline) ?? toJsDate(t.deadline))?.getTime() ?? 0;
  const sorted = [...tasks].sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
  return groupByDay(sorted, (t) => toJsDate(t.deadline));
}

/** Events grouped by day, in time order. */
export function groupEvents(events: readonly ActivityEvent[]): DayGroup<ActivityEvent>[] {
  const time = (e: ActivityEvent) => toJsDate(e.date)?.getTime() ?? 0;
  return groupByDay([...events].sort((a, b) => time(a) - time(b)), (e) => toJsDate(e.date));
}

/** The state bar's groups: phone counts mobile too. */
export type MediaGroup = "phone" | "inmail" | "email" | "video" | "face" | "other";
export const MEDIA_GROUPS: readonly MediaGroup[] = ["phone", "inmail", "email", "video", "face", "other"];

export function mediaGroupOf(m: MediaType): MediaGroup {
  switch (m) {
    case MediaType.PHONE:
    case MediaType.MOBILE:
      return "phone";
    case MediaType.INMAIL:
      return "inmail";
    case MediaType.EMAIL:
      return "email";
    case MediaType.VIDEO_CONFERENCING:
      return "video";
    case MediaType.FACE_TO_FACE:
      return "face";
    default:
      return "other";
  }
}

export type MediaCount = { group: MediaGroup; count: number; bySubject: { label: string; count: number }[] };

/** How many activities each media group holds, and per subject within it (the tooltip). */
export function countByMedia<T extends { mediaType: MediaType }>(items: readonly T[], subjectLabel: (x: T) => string): MediaCount[] {
  return MEDIA_GROUPS.map((group) => {
    const mine = items.filter((x) => mediaGroupOf(x.mediaType) === group);
    const bySubject = new Map<string, number>();
    for (const x of mine) bySubject.set(subjectLabel(x), (bySubject.get(subjectLabel(x)) ?? 0) + 1);
    return {
      group,
      count: mine.length,
      bySubject: [...bySubject.entries()].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "fr")),
    };
  });
}
