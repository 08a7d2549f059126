// The choices of the task and event forms (spec sections 4 "Form dependencies" and 5): the
// subjects, the contacts and applications they may name, the media types. Pure functions,
// unit-tested; the server applies the same rules and stays the authority.
import { EventSubject, EventType, MediaType, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";


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

/** Gatherings about no one job: not offered for an event of an application (as the server). */
const GATHERINGS: readonly EventSubject[] = [
  EventSubject.AFTERWORK,
  EventSubject.EXHIBITION,
  EventSubject.WORKSHOP,
  EventSubject.CONFERENCE,
  EventSubject.TRAINING,
  EventSubject.WEBINAR,
];

/** Meeting subjects make a meeting (type event); the others an interview. */
export const MEETING_SUBJECTS: readonly EventSubject[] = [EventSubject.COFFEE, EventSubject.MEAL, ...GATHERINGS];

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
  ...GATHERINGS,
  EventSubject.OTHER,
];

export function eventSubjectsFor(applicationId: string): readonly EventSubject[] {
  return applicationId ? EVENT_SUBJECTS.filter((s) => !GATHERINGS.includes(s)) : EVENT_SUBJECTS;
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

/** What the forms pick from: the candidate's contacts and open applications. */
export type Lookup = { contacts: readonly ContactChoice[]; applications: readonly ApplicationChoice[] };

/** A form's refusals before sending, by field. */
export type FormErrors<T> = Partial<Record<keyof T, FieldProblem>>;

/** What a local rule finds wrong with a field (its message: ruleMessage in fields.tsx). */
export type FieldProblem = "required" | "past" | "date" | "time";
