// The event form's values and rules (spec sections 4 and 5): defaults, dependencies between
// fields, what it refuses before sending, the draft it sends, and when an event asks for its
// report.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { format, parse } from "date-fns";
import { ActivityStatus, EventSubject, MediaType, type Event as ActivityEvent, type EventDraftSchema } from "../../gen/tremplin/activity/v1/activity_pb";
import { dayValue, parseDayValue, toJsDate, UNREADABLE } from "../../lib/format";
import { keptResources, resourceValues, type ResourceValue } from "../resources/model";
import { type FormErrors, type Lookup, contactsFor, needsMediaDetails, eventSubjectsFor, eventTypeOf, eventMediaTypesFor } from "./subjects";

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
  if (v.date === UNREADABLE) e.date = "date";
  else if (!parseDayValue(v.date)) e.date = "required";
  if (v.time === UNREADABLE) e.time = "time";
  else if (!/^\d{2}:\d{2}$/.test(v.time)) e.time = "required";
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
