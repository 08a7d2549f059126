// The rules of the network screens that mirror the server's (NetworkService stays the
// authority): statuses, the intermediary picker, filters and search, ranks, deletion, the
// import search, the contact form's values and the first task. Pure functions, unit-tested.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { startOfDay } from "date-fns";
import {
  ActivityStatus,
  MediaType,
  TaskPriority,
  TaskSubject,
  type Event as ActivityEvent,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { Civility, ContactStatus, type ContactRef } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact, ContactDraftSchema, ImportedContact } from "../../gen/tremplin/network/v1/network_pb";
import { dayValue, parseDayValue, toJsDate } from "../../lib/format";
import { fold } from "../../lib/text";
import { normalizeLastName } from "../../lib/validation";
import { networkMessages } from "../../lib/messages/network";

const s = networkMessages.status;

// ---------------------------------------------------------------------------------------------
// Statuses

/** The statuses in the order of a contact's life (state bar, filter). */
export const STATUS_ORDER = [
  ContactStatus.INCOMPLETE,
  ContactStatus.NEW,
  ContactStatus.ENGAGED,
  ContactStatus.THANKED,
] as const;

export type KnownStatus = (typeof STATUS_ORDER)[number];

const statusMeta: Record<KnownStatus, { key: string; label: string; color: string; bg: string; fg: string }> = {
  [ContactStatus.INCOMPLETE]: { key: "incomplete", label: s.incomplete, color: "#F59E0B", bg: "#FEF3C7", fg: "#92400E" },
  [ContactStatus.NEW]: { key: "new", label: s.new, color: "#0EA5E9", bg: "#E0F2FE", fg: "#0369A1" },
  [ContactStatus.ENGAGED]: { key: "engaged", label: s.engaged, color: "#4338CA", bg: "#EEF0FF", fg: "#3730A3" },
  [ContactStatus.THANKED]: { key: "thanked", label: s.thanked, color: "#16A34A", bg: "#DCFCE7", fg: "#15803D" },
};

export class UnknownStatusError extends Error {
  constructor(status: unknown) {
    super(`Statut de contact inconnu (${String(status)})`);
    this.name = "UnknownStatusError";
  }
}

/** Label and colours of a status. An unknown value is an internal error (spec section 8). */
export function statusInfo(status: ContactStatus) {
  const meta = statusMeta[status as KnownStatus] as (typeof statusMeta)[KnownStatus] | undefined;
  if (!meta) throw new UnknownStatusError(status);
  return meta;
}

export function isReachable(v: { email?: string; phoneNumber?: string; mobileNumber?: string }): boolean {
  return Boolean(v.email?.trim() || v.phoneNumber?.trim() || v.mobileNumber?.trim());
}

/**
 * The status a contact will have once saved: incomplete without phone, mobile or e-mail, new
 * with one of them — for a new contact and for an incomplete or new one; engaged and thanked
 * are kept whatever the edit.
 */
export function statusPreview(
  current: ContactStatus | undefined,
  v: { email?: string; phoneNumber?: string; mobileNumber?: string },
): ContactStatus {
  if (current === ContactStatus.ENGAGED || current === ContactStatus.THANKED) return current;
  return isReachable(v) ? ContactStatus.NEW : ContactStatus.INCOMPLETE;
}

/**
 * Saving prompts a first task when a contact becomes reachable for the first time: a new
 * contact that is not incomplete, or an incomplete one that becomes new (spec section 4).
 */
export function promptsFirstTask(current: ContactStatus | undefined, next: ContactStatus): boolean {
  return (current === undefined || current === ContactStatus.INCOMPLETE) && next === ContactStatus.NEW;
}

/** Contacts per status, every status present. */
export function countByStatus(contacts: readonly Pick<Contact, "status">[]): Record<KnownStatus, number> {
  const counts = { [ContactStatus.INCOMPLETE]: 0, [ContactStatus.NEW]: 0, [ContactStatus.ENGAGED]: 0, [ContactStatus.THANKED]: 0 } as Record<KnownStatus, number>;
  for (const c of contacts) {
    if (c.status in counts) counts[c.status as KnownStatus] += 1;
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Names and ranks

type Named = Pick<ContactRef, "firstName" | "lastName">;

/** "Claire BERNARD" */
export function fullName(c: Named): string {
  return `${c.firstName} ${c.lastName}`.trim();
}

/** "Chargée de recrutement · Société Générale": what a contact does and where, either may be empty. */
export function jobAndCompany(c: { job: string; company: string }): string {
  return [c.job, c.company].filter(Boolean).join(" · ");
}

/** "1 — Vous", "2 — via Marie DUPONT" */
export function rankLabel(c: Pick<Contact, "rank" | "parent">): string {
  return networkMessages.list.rank(c.rank, c.parent ? fullName(c.parent) : undefined);
}

/** The last name as typed, upper-cased and cleaned the way the server saves it. */
export { normalizeLastName };

// ---------------------------------------------------------------------------------------------
// Intermediary picker

export type IntermediaryOption = { id: string; label: string; detail: string };

/**
 * The contacts that may introduce `selfId` (undefined when creating): not the contact itself,
 * none of its descendants, no incomplete contact. The current intermediary (`keepId`) stays
 * listed whatever its status, as the server accepts an unchanged intermediary.
 */
export function intermediaryCandidates<T extends Pick<Contact, "id" | "status">>(
  contacts: readonly T[],
  selfId: string | undefined,
  descendantIds: ReadonlySet<string> | readonly string[],
  keepId?: string,
): T[] {
  const excluded = descendantIds instanceof Set ? descendantIds : new Set(descendantIds as readonly string[]);
  return contacts.filter(
    (c) =>
      c.id !== selfId && !excluded.has(c.id) && (c.status !== ContactStatus.INCOMPLETE || (keepId !== undefined && c.id === keepId)),
  );
}

/** Picker options, filtered by a typed text (name or company, accent-insensitive), at most `limit`. */
export function intermediaryOptions(
  candidates: readonly Pick<Contact, "id" | "firstName" | "lastName" | "company">[],
  typed: string,
  limit = 50,
): { options: IntermediaryOption[]; more: number } {
  const term = fold(typed);
  const matching = term
    ? candidates.filter((c) => fold(`${c.firstName} ${c.lastName}\n${c.lastName} ${c.firstName}\n${c.company}`).includes(term))
    : candidates;
  return {
    options: matching.slice(0, limit).map((c) => ({ id: c.id, label: fullName(c), detail: c.company })),
    more: Math.max(0, matching.length - limit),
  };
}

// ---------------------------------------------------------------------------------------------
// List filters

export type ContactFilters = { search: string; statuses: ContactStatus[]; tags: string[] };

export const NO_FILTERS: ContactFilters = { search: "", statuses: [], tags: [] };

export function hasFilters(f: ContactFilters): boolean {
  return fold(f.search) !== "" || f.statuses.length > 0 || f.tags.length > 0;
}

const searchKeys = new WeakMap<object, string>();

/** The server's search key: the full name both ways round and the company, folded, one per line. */
export function searchKey(c: Pick<Contact, "firstName" | "lastName" | "company">): string {
  let key = searchKeys.get(c);
  if (key === undefined) {
    key = `${fold(`${c.firstName} ${c.lastName}`)}\n${fold(`${c.lastName} ${c.firstName}`)}\n${fold(c.company)}`;
    searchKeys.set(c, key);
  }
  return key;
}

/**
 * The contacts matching the filters, as the server's ListContacts does: full name or company
 * containing the search (case- and accent-insensitive), any of the statuses, any of the tags.
 */
export function filterContacts<T extends Pick<Contact, "firstName" | "lastName" | "company" | "status" | "tags">>(
  contacts: readonly T[],
  f: ContactFilters,
): T[] {
  if (!hasFilters(f)) return contacts as T[];
  const term = fold(f.search);
  const statuses = new Set(f.statuses);
  const tags = new Set(f.tags.map(fold));
  return contacts.filter(
    (c) =>
      (!term || searchKey(c).includes(term)) &&
      (statuses.size === 0 || statuses.has(c.status)) &&
      (tags.size === 0 || c.tags.some((t) => tags.has(fold(t.name)))),
  );
}

// ---------------------------------------------------------------------------------------------
// Deletion

export type DeleteBlock = "status" | "linked";

/**
 * Why a contact cannot be deleted, or undefined when it can (isDeletable, from the server):
 * engaged and thanked contacts ("status"), or incomplete and new ones with activities or an
 * opportunity ("linked").
 */
export function deleteBlock(c: Pick<Contact, "isDeletable" | "status">): DeleteBlock | undefined {
  if (c.isDeletable) return undefined;
  return c.status === ContactStatus.INCOMPLETE || c.status === ContactStatus.NEW ? "linked" : "status";
}

export function deleteBlockMessage(block: DeleteBlock): string {
  return block === "status" ? networkMessages.actions.notDeletableStatus : networkMessages.actions.notDeletableLinked;
}

// ---------------------------------------------------------------------------------------------
// Import

/** The imported contacts matching a search: first name, last name, company or job, case- and accent-insensitive. */
export function importSearch<T extends Pick<ImportedContact, "firstName" | "lastName" | "company" | "job">>(
  list: readonly T[],
  typed: string,
): T[] {
  const term = fold(typed);
  if (!term) return list as T[];
  return list.filter((c) => fold(`${c.firstName} ${c.lastName}\n${c.lastName} ${c.firstName}\n${c.company}\n${c.job}`).includes(term));
}

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type ImportFileProblem = "notCsv" | "tooLarge";

/** What is wrong with a picked file before sending it: not a .csv, or over 5 MB. */
export function importFileProblem(file: Pick<File, "name" | "size">): ImportFileProblem | undefined {
  if (!/\.csv$/i.test(file.name)) return "notCsv";
  if (file.size > IMPORT_MAX_BYTES) return "tooLarge";
  return undefined;
}

/** The headers of the template file (spec section 5). */
export const TEMPLATE_HEADERS = [
  "First Name",
  "Last Name",
  "E-mail Address",
  "Company",
  "Job Title",
  "Business Phone",
  "Mobile Phone",
  "Notes",
] as const;

// ---------------------------------------------------------------------------------------------
// The contact form

export type ResourceValue = { label: string; url: string };

export type ContactFormValues = {
  civility: Civility;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  phoneNumber: string;
  company: string;
  job: string;
  /** "" = the candidate ("Vous"). */
  parentId: string;
  tags: string[];
  comments: string;
  resources: ResourceValue[];
};

export const EMPTY_CONTACT: ContactFormValues = {
  civility: Civility.UNSPECIFIED,
  firstName: "",
  lastName: "",
  email: "",
  mobileNumber: "",
  phoneNumber: "",
  company: "",
  job: "",
  parentId: "",
  tags: [],
  comments: "",
  resources: [],
};

export function contactToForm(c: Contact): ContactFormValues {
  return {
    civility: c.civility,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    mobileNumber: c.mobileNumber,
    phoneNumber: c.phoneNumber,
    company: c.company,
    job: c.job,
    parentId: c.parent?.id ?? "",
    tags: c.tags.map((t) => t.name),
    comments: c.comments,
    resources: c.resources.map((r) => ({ label: r.label, url: r.url })),
  };
}

/** Resources worth keeping: both a label and a url (spec section 5). */
export function keptResources(resources: readonly ResourceValue[]): ResourceValue[] {
  return resources
    .map((r) => ({ label: r.label.trim(), url: r.url.trim() }))
    .filter((r) => r.label !== "" && r.url !== "");
}

export type FirstTaskValues = {
  subject: TaskSubject;
  mediaType: MediaType;
  /** yyyy-MM-dd, as a date input gives it. */
  deadline: string;
  priority: TaskPriority;
  comments: string;
};

type DraftInit = MessageInitShape<typeof ContactDraftSchema>;

export function formToDraft(v: ContactFormValues, task?: FirstTaskValues): DraftInit {
  const draft: DraftInit = {
    civility: v.civility,
    firstName: v.firstName.trim(),
    lastName: normalizeLastName(v.lastName).trim(),
    email: v.email.trim(),
    mobileNumber: v.mobileNumber.trim(),
    phoneNumber: v.phoneNumber.trim(),
    company: v.company.trim(),
    job: v.job.trim(),
    parentId: v.parentId,
    tags: v.tags.map((t) => t.trim()).filter(Boolean),
    comments: v.comments.trim(),
    resources: keptResources(v.resources),
  };
  if (task) {
    draft.task = {
      subject: task.subject,
      mediaType: task.mediaType,
      priority: task.priority,
      deadline: deadlineTimestamp(task.deadline),
      comments: task.comments.trim(),
    };
  }
  return draft;
}

/** The form field a server violation names ("contact.last_name" → "lastName"), and its step. */
export function violationTarget(path: string): { step: "contact" | "task"; field: string } | undefined {
  const m = /^contact\.(task\.)?([a-z_]+)/.exec(path);
  if (!m) return undefined;
  const field = m[2]!.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return { step: m[1] ? "task" : "contact", field };
}

// ---------------------------------------------------------------------------------------------
// The first task

/** Subjects of a task with a contact (the subjects concerning no contact drop the contact). */
export const CONTACT_TASK_SUBJECTS: readonly TaskSubject[] = [
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
];

/**
 * The ways of reaching a contact a task may use: e-mail with an e-mail address, mobile with a
 * mobile number, phone with a landline; InMail and other always.
 */
export function mediaTypesFor(v: { email?: string; phoneNumber?: string; mobileNumber?: string }): MediaType[] {
  const out: MediaType[] = [];
  if (v.email?.trim()) out.push(MediaType.EMAIL);
  if (v.mobileNumber?.trim()) out.push(MediaType.MOBILE);
  if (v.phoneNumber?.trim()) out.push(MediaType.PHONE);
  out.push(MediaType.INMAIL, MediaType.OTHER);
  return out;
}

export function defaultFirstTask(v: { email?: string; phoneNumber?: string; mobileNumber?: string }, now = new Date()): FirstTaskValues {
  return {
    subject: TaskSubject.FIRST_CONTACT,
    mediaType: mediaTypesFor(v)[0]!,
    deadline: dayValue(now),
    priority: TaskPriority.NORMAL,
    comments: "",
  };
}

/** A deadline day as the API takes it: that day at noon, local time (clear of time-zone edges). */
export function deadlineTimestamp(value: string): Timestamp | undefined {
  const d = parseDayValue(value);
  if (!d) return undefined;
  d.setHours(12, 0, 0, 0);
  return timestampFromDate(d);
}

/** The deadline rule: required, a real date, not before today. */
export function deadlineProblem(value: string, now = new Date()): "required" | "past" | undefined {
  if (!value) return "required";
  const d = parseDayValue(value);
  if (!d) return "required";
  return d.getTime() < startOfDay(now).getTime() ? "past" : undefined;
}

// ---------------------------------------------------------------------------------------------
// The activities panel of the details page (spec section 4)

export type PanelItem =
  | { kind: "task"; id: string; date: Date | undefined; item: Task }
  | { kind: "event"; id: string; date: Date | undefined; item: ActivityEvent };

/**
 * In progress: not-started items, oldest date first. Finished: completed items, newest first.
 * A completed task is dated by its execution date, otherwise by its deadline; an event by its
 * date.
 */
export function activityPanels(tasks: readonly Task[], events: readonly ActivityEvent[]): { inProgress: PanelItem[]; finished: PanelItem[] } {
  const items: PanelItem[] = [
    ...tasks.map((t): PanelItem => ({
      kind: "task",
      id: t.id,
      item: t,
      date: t.status === ActivityStatus.COMPLETED ? (toJsDate(t.executionDate) ?? toJsDate(t.deadline)) : toJsDate(t.deadline),
    })),
    ...events.map((e): PanelItem => ({ kind: "event", id: e.id, item: e, date: toJsDate(e.date) })),
  ];
  const time = (i: PanelItem) => i.date?.getTime() ?? 0;
  const done = (i: PanelItem) => i.item.status === ActivityStatus.COMPLETED;
  return {
    inProgress: items.filter((i) => !done(i)).sort((a, b) => time(a) - time(b)),
    finished: items.filter(done).sort((a, b) => time(b) - time(a)),
  };
}
