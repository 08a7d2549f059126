// The rules of the task and event forms (subjects.ts, taskForm.ts, eventForm.ts) and the
// shaping of the activities list (activityList.ts).
import { describe, expect, it } from "vitest";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { create } from "@bufbuild/protobuf";
import { ActivityStatus, EventSchema, EventSubject, EventType, MediaType, TaskPriority, TaskSchema, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { applyEventDependencies, canCompleteEvent, createdInThePast, emptyEvent, eventDraft, validateEvent } from "./eventForm";
import { applyTaskDependencies, emptyTask, preselectContact, taskDraft, validateTask } from "./taskForm";
import { countByMedia, groupEvents, groupTasks, weekOf } from "./activityList";
import { UNREADABLE } from "../../lib/format";
import { eventMediaTypesFor, taskMediaTypesFor, taskSubjectsFor, type ContactChoice } from "./subjects";

const anne: ContactChoice = { id: "c1", firstName: "Anne", lastName: "MARTIN", company: "Acme", email: "anne@acme.fr", mobileNumber: "", phoneNumber: "" };
const bob: ContactChoice = { id: "c2", firstName: "Bob", lastName: "DURAND", company: "", email: "", mobileNumber: "0612345678", phoneNumber: "0123456789" };
const lookup = { contacts: [anne, bob], applications: [{ id: "a1", company: "Acme", job: "Dev", contactIds: ["c1"] }] };
const now = new Date(2026, 10, 23, 10, 0);

describe("task form dependencies", () => {
  it("an application narrows the subjects and clears one it does not offer", () => {
    expect(taskSubjectsFor("a1")).not.toContain(TaskSubject.FIRST_CONTACT);
    expect(taskSubjectsFor("a1")).toContain(TaskSubject.SEND_APPLICATION);
    expect(taskSubjectsFor("")).toContain(TaskSubject.FIRST_CONTACT);
    const v = applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.FIRST_CONTACT, applicationId: "a1" }, lookup);
    expect(v.subject).toBe(TaskSubject.UNSPECIFIED);
  });

  it("an application clears a contact that is not one of its contacts", () => {
    const v = applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.REMINDER, contactId: "c2", mediaType: MediaType.MOBILE, applicationId: "a1" }, lookup);
    expect(v.contactId).toBe("");
    expect(v.mediaType).toBe(MediaType.UNSPECIFIED);
    const kept = applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.REMINDER, contactId: "c1", mediaType: MediaType.EMAIL, applicationId: "a1" }, lookup);
    expect(kept.contactId).toBe("c1");
    expect(kept.mediaType).toBe(MediaType.EMAIL);
  });

  it("a non-contact subject clears the contact and the media type", () => {
    for (const s of [TaskSubject.UPDATE_JOBBOARDS_CVS, TaskSubject.INTERVIEW_PREPARATION, TaskSubject.INTERNET_SEARCHES, TaskSubject.OTHER]) {
      const v = applyTaskDependencies({ ...emptyTask(now), subject: s, contactId: "c1", mediaType: MediaType.EMAIL }, lookup);
      expect(v.contactId).toBe("");
      expect(v.mediaType).toBe(MediaType.UNSPECIFIED);
    }
  });

  it("the contact's channels narrow the media types; another contact clears an invalid one", () => {
    expect(taskMediaTypesFor(anne)).toEqual([MediaType.EMAIL, MediaType.INMAIL, MediaType.OTHER]);
    expect(taskMediaTypesFor(bob)).toEqual([MediaType.MOBILE, MediaType.PHONE, MediaType.INMAIL, MediaType.OTHER]);
    const v = applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.REMINDER, contactId: "c2", mediaType: MediaType.EMAIL }, lookup);
    expect(v.mediaType).toBe(MediaType.UNSPECIFIED);
  });

  it("the custom subject is kept only for other", () => {
    expect(applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.OTHER, customSubject: "Salon" }, lookup).customSubject).toBe("Salon");
    expect(applyTaskDependencies({ ...emptyTask(now), subject: TaskSubject.REMINDER, customSubject: "Salon" }, lookup).customSubject).toBe("");
  });
});

describe("task form rules", () => {
  it("requires subject, contact for contact subjects, media type once a contact is chosen", () => {
    expect(validateTask(emptyTask(now), now)).toEqual({ subject: "required" });
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.REMINDER }, now)).toEqual({ contactId: "required" });
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.REMINDER, contactId: "c1" }, now)).toEqual({ mediaType: "required" });
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES }, now)).toEqual({});
  });

  it("requires a custom subject for other", () => {
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.OTHER, customSubject: "  " }, now)).toEqual({ customSubject: "required" });
  });

  it("refuses a deadline before today, accepts today", () => {
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES, deadline: "2026-11-22" }, now)).toEqual({ deadline: "past" });
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES, deadline: "2026-11-23" }, now)).toEqual({});
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES, deadline: "" }, now)).toEqual({ deadline: "required" });
    // A deadline half typed or impossible (« 31/02/2027 ») is not an empty one.
    expect(validateTask({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES, deadline: UNREADABLE }, now)).toEqual({ deadline: "date" });
  });

  it("the draft drops the media type without a contact and links without a label or url", () => {
    const d = taskDraft({ ...emptyTask(now), subject: TaskSubject.INTERNET_SEARCHES, mediaType: MediaType.EMAIL, resources: [{ label: "CV", url: "" }, { label: "Site", url: "https://x.fr" }] });
    expect(d.mediaType).toBe(MediaType.UNSPECIFIED);
    expect(d.resources?.items).toEqual([{ label: "Site", url: "https://x.fr" }]);
    expect(d.priority).toBe(TaskPriority.NORMAL);
  });
});

describe("event form", () => {
  it("media types: the contact's phones, video and face to face", () => {
    expect(eventMediaTypesFor(anne)).toEqual([MediaType.VIDEO_CONFERENCING, MediaType.FACE_TO_FACE]);
    expect(eventMediaTypesFor(bob)).toEqual([MediaType.MOBILE, MediaType.PHONE, MediaType.VIDEO_CONFERENCING, MediaType.FACE_TO_FACE]);
    const v = applyEventDependencies({ ...emptyEvent(now), contactId: "c1", mediaType: MediaType.PHONE }, lookup);
    expect(v.mediaType).toBe(MediaType.UNSPECIFIED);
  });

  it("media details are cleared unless face to face or video, and required for them", () => {
    expect(applyEventDependencies({ ...emptyEvent(now), mediaType: MediaType.MOBILE, mediaDetails: "Paris" }, lookup).mediaDetails).toBe("");
    expect(applyEventDependencies({ ...emptyEvent(now), mediaType: MediaType.FACE_TO_FACE, mediaDetails: "Paris" }, lookup).mediaDetails).toBe("Paris");
    expect(validateEvent({ ...emptyEvent(now), subject: EventSubject.COFFEE, mediaType: MediaType.FACE_TO_FACE })).toEqual({ mediaDetails: "required" });
    expect(validateEvent({ ...emptyEvent(now), subject: EventSubject.COFFEE, mediaType: MediaType.MOBILE })).toEqual({});
    expect(validateEvent({ ...emptyEvent(now), time: "" })).toEqual({ subject: "required", mediaType: "required", mediaDetails: "required", time: "required" });
    // A date or time half typed is said wrong, not missing.
    const chosen = { ...emptyEvent(now), subject: EventSubject.COFFEE, mediaType: MediaType.MOBILE };
    expect(validateEvent({ ...chosen, date: UNREADABLE, time: UNREADABLE })).toEqual({ date: "date", time: "time" });
    expect(validateEvent({ ...chosen, date: "" })).toEqual({ date: "required" });
  });

  it("an application clears gathering subjects; the type follows the subject", () => {
    expect(applyEventDependencies({ ...emptyEvent(now), subject: EventSubject.WEBINAR, applicationId: "a1" }, lookup).subject).toBe(EventSubject.UNSPECIFIED);
    expect(eventDraft({ ...emptyEvent(now), subject: EventSubject.COFFEE }).type).toBe(EventType.EVENT);
    expect(eventDraft({ ...emptyEvent(now), subject: EventSubject.RECRUITMENT }).type).toBe(EventType.INTERVIEW);
  });

  it("past events ask for their report and can be completed; future ones cannot", () => {
    const past = create(EventSchema, { date: timestampFromDate(new Date(2026, 10, 20)), createdDate: timestampFromDate(now), status: ActivityStatus.NOT_STARTED });
    const future = create(EventSchema, { date: timestampFromDate(new Date(2026, 10, 25)), createdDate: timestampFromDate(now), status: ActivityStatus.NOT_STARTED });
    expect(createdInThePast(past)).toBe(true);
    expect(createdInThePast(future)).toBe(false);
    expect(canCompleteEvent(past, now)).toBe(true);
    expect(canCompleteEvent(future, now)).toBe(false);
  });
});

describe("activities list", () => {
  const at = (d: number) => timestampFromDate(new Date(2026, 10, d, 12));
  it("the week runs Monday to Sunday", () => {
    const w = weekOf(new Date(2026, 10, 26));
    expect(w.start).toEqual(new Date(2026, 10, 23));
    expect(w.end).toEqual(new Date(2026, 10, 29));
  });

  it("groups tasks by deadline day, sorted by initial deadline, both ways", () => {
    const tasks = [
      create(TaskSchema, { id: "late", deadline: at(25), initialDeadline: at(24) }),
      create(TaskSchema, { id: "first", deadline: at(23), initialDeadline: at(20) }),
      create(TaskSchema, { id: "same-day", deadline: at(25), initialDeadline: at(22) }),
    ];
    const asc = groupTasks(tasks, true);
    expect(asc.map((g) => g.day)).toEqual(["2026-11-23", "2026-11-25"]);
    expect(asc[1]!.items.map((t) => t.id)).toEqual(["same-day", "late"]);
    const desc = groupTasks(tasks, false);
    expect(desc.map((g) => g.day)).toEqual(["2026-11-25", "2026-11-23"]);
    expect(desc[0]!.items.map((t) => t.id)).toEqual(["late", "same-day"]);
  });

  it("groups events by day in time order", () => {
    const events = [create(EventSchema, { id: "b", date: at(24) }), create(EventSchema, { id: "a", date: at(23) })];
    expect(groupEvents(events).map((g) => g.items[0]!.id)).toEqual(["a", "b"]);
  });

  it("counts by media type (phone with mobile) and by subject", () => {
    const items = [{ mediaType: MediaType.PHONE, s: "Relance" }, { mediaType: MediaType.MOBILE, s: "Relance" }, { mediaType: MediaType.EMAIL, s: "Premier contact" }];
    const counts = countByMedia(items, (x) => x.s);
    expect(counts.find((c) => c.group === "phone")).toEqual({ group: "phone", count: 2, bySubject: [{ label: "Relance", count: 2 }] });
    expect(counts.find((c) => c.group === "email")!.count).toBe(1);
    expect(counts.find((c) => c.group === "face")!.count).toBe(0);
  });
});

describe("preselectContact", () => {
  const lookup = {
    contacts: [
      { id: "c1", firstName: "Yasmine", lastName: "AMRANI", company: "Acme" },
      { id: "c2", firstName: "Julien", lastName: "MOREAU", company: "Beta" },
    ],
    applications: [
      { id: "a1", job: "Comptable", company: "Acme", contactIds: ["c1"] },
      { id: "a2", job: "Auditeur", company: "Beta", contactIds: ["c1", "c2"] },
    ],
  };
  it("chooses the only contact of the opportunity, and only then", () => {
    expect(preselectContact({ ...emptyTask(), applicationId: "a1" }, lookup).contactId).toBe("c1");
    expect(preselectContact({ ...emptyTask(), applicationId: "a2" }, lookup).contactId).toBe("");
    expect(preselectContact({ ...emptyTask(), applicationId: "" }, lookup).contactId).toBe("");
    expect(preselectContact({ ...emptyTask(), applicationId: "a1", subject: TaskSubject.INTERNET_SEARCHES }, lookup).contactId).toBe("");
  });
});
