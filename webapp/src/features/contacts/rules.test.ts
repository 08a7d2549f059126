import { describe, expect, it } from "vitest";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  ActivityStatus,
  EventSchema,
  MediaType,
  TaskPriority,
  TaskSchema,
  TaskSubject,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { Civility, ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { ContactSchema, ImportedContactSchema, type Contact } from "../../gen/tremplin/network/v1/network_pb";
import { filterColumns } from "../../components/FilterMenu";
import { activityPanels } from "../../components/activity/panels";
import { EMPTY_CONTACT, formToDraft, violationTarget } from "./contactFormValues";
import { deleteBlock, deleteBlockMessage } from "./deletion";
import { NO_FILTERS, filterContacts } from "./filters";
import { CONTACT_TASK_SUBJECTS, defaultFirstTask } from "./firstTask";
import { deadlineProblem, deadlineTimestamp } from "../../components/activity/taskForm";
import { taskMediaTypesFor } from "../../components/activity/subjects";
import { importContentType, importFileProblem, importSearch } from "./importFile";
import { intermediaryCandidates, intermediaryOptions } from "./intermediaries";
import { normalizeLastName, rankLabel } from "./names";
import { countByStatus, promptsFirstTask, statusInfo, statusPreview } from "./status";

let seq = 0;
function contact(init: Omit<MessageInitShape<typeof ContactSchema>, "$typeName"> = {}): Contact {
  seq += 1;
  return create(ContactSchema, {
    id: `c${seq}`,
    rank: 1,
    firstName: "Prénom",
    lastName: `NOM${seq}`,
    status: ContactStatus.NEW,
    ...init,
  });
}

describe("status", () => {
  it("previews incomplete without phone, mobile or e-mail, new as soon as one is filled", () => {
    expect(statusPreview(undefined, {})).toBe(ContactStatus.INCOMPLETE);
    expect(statusPreview(undefined, { email: "  " })).toBe(ContactStatus.INCOMPLETE);
    expect(statusPreview(undefined, { email: "a@b.fr" })).toBe(ContactStatus.NEW);
    expect(statusPreview(undefined, { phoneNumber: "01 02 03 04 05" })).toBe(ContactStatus.NEW);
    expect(statusPreview(undefined, { mobileNumber: "06 00 00 00 00" })).toBe(ContactStatus.NEW);
    // Editing: incomplete ⇄ new both ways; engaged and thanked are kept.
    expect(statusPreview(ContactStatus.NEW, {})).toBe(ContactStatus.INCOMPLETE);
    expect(statusPreview(ContactStatus.INCOMPLETE, { email: "a@b.fr" })).toBe(ContactStatus.NEW);
    expect(statusPreview(ContactStatus.ENGAGED, {})).toBe(ContactStatus.ENGAGED);
    expect(statusPreview(ContactStatus.THANKED, {})).toBe(ContactStatus.THANKED);
  });

  it("prompts a first task when a contact becomes reachable for the first time", () => {
    expect(promptsFirstTask(undefined, ContactStatus.NEW)).toBe(true);
    expect(promptsFirstTask(undefined, ContactStatus.INCOMPLETE)).toBe(false);
    expect(promptsFirstTask(ContactStatus.INCOMPLETE, ContactStatus.NEW)).toBe(true);
    expect(promptsFirstTask(ContactStatus.NEW, ContactStatus.NEW)).toBe(false);
    expect(promptsFirstTask(ContactStatus.ENGAGED, ContactStatus.ENGAGED)).toBe(false);
  });

  it("labels every status and refuses unknown values", () => {
    expect([ContactStatus.NEW, ContactStatus.INCOMPLETE, ContactStatus.ENGAGED, ContactStatus.THANKED].map((s) => statusInfo(s).label)).toEqual([
      "Nouveau",
      "Incomplet",
      "Engagé",
      "Remercié",
    ]);
    expect(() => statusInfo(ContactStatus.UNSPECIFIED)).toThrow(/inconnu/);
    expect(() => statusInfo(42 as ContactStatus)).toThrow();
  });

  it("counts the state bar by status, every status present", () => {
    const list = [
      contact({ status: ContactStatus.NEW }),
      contact({ status: ContactStatus.NEW }),
      contact({ status: ContactStatus.THANKED }),
      contact({ status: ContactStatus.INCOMPLETE }),
    ];
    expect(countByStatus(list)).toEqual({
      [ContactStatus.INCOMPLETE]: 1,
      [ContactStatus.NEW]: 2,
      [ContactStatus.ENGAGED]: 0,
      [ContactStatus.THANKED]: 1,
    });
    expect(countByStatus([])[ContactStatus.ENGAGED]).toBe(0);
  });
});

describe("ranks", () => {
  it("shows « Vous » at rank 1 and the intermediary below", () => {
    expect(rankLabel(contact({ rank: 1 }))).toBe("1 — Vous");
    expect(rankLabel(contact({ rank: 2, parent: { id: "p", firstName: "Marie", lastName: "DUPONT" } }))).toBe("2 — via Marie DUPONT");
  });
});

describe("last name", () => {
  it("is upper-cased, keeps letters, accents, spaces, apostrophes and hyphens, collapses spaces", () => {
    expect(normalizeLastName("le   bihan")).toBe("LE BIHAN");
    expect(normalizeLastName("o'neil-smith")).toBe("O'NEIL-SMITH");
    expect(normalizeLastName("cœurdacier")).toBe("CŒURDACIER");
    expect(normalizeLastName("Dupont2!")).toBe("DUPONT");
    expect(normalizeLastName("  de la tour")).toBe("DE LA TOUR");
  });
});

describe("intermediary picker", () => {
  const me = contact({ firstName: "Moi", lastName: "MÊME" });
  const child = contact({ firstName: "Enfant", lastName: "UN", parent: { id: me.id } });
  const grandChild = contact({ firstName: "Petit", lastName: "ENFANT", parent: { id: child.id } });
  const incomplete = contact({ firstName: "Sans", lastName: "TÉLÉPHONE", status: ContactStatus.INCOMPLETE });
  const engaged = contact({ firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas", status: ContactStatus.ENGAGED });
  const other = contact({ firstName: "Hélène", lastName: "GIRARD", company: "Société Générale" });
  const all = [me, child, grandChild, incomplete, engaged, other];

  it("excludes the contact itself, its descendants and incomplete contacts", () => {
    const ids = intermediaryCandidates(all, me.id, new Set([child.id, grandChild.id])).map((c) => c.id);
    expect(ids).toEqual([engaged.id, other.id]);
  });

  it("lists every complete contact when creating", () => {
    expect(intermediaryCandidates(all, undefined, []).map((c) => c.id)).toEqual([me.id, child.id, grandChild.id, engaged.id, other.id]);
  });

  it("keeps the current intermediary even when it became incomplete", () => {
    expect(intermediaryCandidates(all, me.id, [], incomplete.id).map((c) => c.id)).toContain(incomplete.id);
  });

  it("filters by name or company, accent-insensitive, and caps the list", () => {
    const candidates = intermediaryCandidates(all, undefined, []);
    expect(intermediaryOptions(candidates, "helene").options.map((o) => o.label)).toEqual(["Hélène GIRARD"]);
    expect(intermediaryOptions(candidates, "bnp").options).toEqual([{ id: engaged.id, label: "Claire BERNARD", detail: "BNP Paribas" }]);
    expect(intermediaryOptions(candidates, "bernard claire").options).toHaveLength(1);
    const capped = intermediaryOptions(candidates, "", 2);
    expect(capped.options).toHaveLength(2);
    expect(capped.more).toBe(3);
  });
});

describe("list filters (the server's rules, for display)", () => {
  const lyon = { $typeName: "tremplin.network.v1.Tag", id: "t1", name: "Lyon" } as const;
  const banque = { $typeName: "tremplin.network.v1.Tag", id: "t2", name: "Banque" } as const;
  const list = [
    contact({ firstName: "Élodie", lastName: "MERCIER", company: "Natixis", status: ContactStatus.NEW, tags: [banque] }),
    contact({ firstName: "Hugo", lastName: "RENARD", company: "Capgemini", status: ContactStatus.ENGAGED, tags: [lyon] }),
    contact({ firstName: "Léa", lastName: "DUBOIS", company: "Airbus", status: ContactStatus.THANKED, tags: [lyon, banque] }),
  ];
  const names = (f: Parameters<typeof filterContacts>[1]) => filterContacts(list, f).map((c) => c.lastName);

  it("matches full name or company by substring, case- and accent-insensitive", () => {
    expect(names({ ...NO_FILTERS, search: "elodie" })).toEqual(["MERCIER"]);
    expect(names({ ...NO_FILTERS, search: "renard hugo" })).toEqual(["RENARD"]);
    expect(names({ ...NO_FILTERS, search: "CAPGE" })).toEqual(["RENARD"]);
    expect(names({ ...NO_FILTERS, search: "lea dub" })).toEqual(["DUBOIS"]);
    expect(names({ ...NO_FILTERS, search: "zzz" })).toEqual([]);
  });

  it("keeps any of the statuses, any of the tags, and combines them", () => {
    expect(names({ ...NO_FILTERS, statuses: [ContactStatus.NEW, ContactStatus.THANKED] })).toEqual(["MERCIER", "DUBOIS"]);
    expect(names({ ...NO_FILTERS, tags: ["lyon"] })).toEqual(["RENARD", "DUBOIS"]);
    expect(names({ ...NO_FILTERS, tags: ["Lyon", "Banque"] })).toEqual(["MERCIER", "RENARD", "DUBOIS"]);
    expect(names({ search: "", statuses: [ContactStatus.ENGAGED], tags: ["Banque"], callBack: false })).toEqual([]);
    expect(filterContacts(list, NO_FILTERS)).toBe(list);
  });

  it("keeps only the contacts to call back, none while they are not known, and combines with the others", () => {
    const [mercier, renard] = list;
    const due = new Set([mercier!.id, renard!.id]);
    expect(filterContacts(list, { ...NO_FILTERS, callBack: true }, due).map((c) => c.lastName)).toEqual(["MERCIER", "RENARD"]);
    expect(filterContacts(list, { ...NO_FILTERS, callBack: true, tags: ["lyon"] }, due).map((c) => c.lastName)).toEqual(["RENARD"]);
    expect(filterContacts(list, { ...NO_FILTERS, callBack: true })).toEqual([]);
    expect(filterContacts(list, NO_FILTERS, due)).toBe(list);
  });

  it("shows the first 5 options of a filter in one column and the rest in a second", () => {
    expect(filterColumns([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect(filterColumns([1, 2, 3, 4, 5])).toEqual([[1, 2, 3, 4, 5]]);
    expect(filterColumns([1, 2, 3, 4, 5, 6, 7])).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
  });
});

describe("delete rules", () => {
  it("allows deletable contacts and explains the others", () => {
    expect(deleteBlock(contact({ isDeletable: true, status: ContactStatus.NEW }))).toBeUndefined();
    expect(deleteBlock(contact({ isDeletable: false, status: ContactStatus.ENGAGED }))).toBe("status");
    expect(deleteBlock(contact({ isDeletable: false, status: ContactStatus.THANKED }))).toBe("status");
    expect(deleteBlock(contact({ isDeletable: false, status: ContactStatus.NEW }))).toBe("linked");
    expect(deleteBlockMessage("status")).toBe("La suppression n'est pas possible pour un contact en cours ou clôturé");
    expect(deleteBlockMessage("linked")).toMatch(/activités ou à une opportunité/);
  });
});

describe("import", () => {
  const list = [
    create(ImportedContactSchema, { firstName: "Hélène", lastName: "MARTIN", company: "Société Générale", job: "Chargée de recrutement" }),
    create(ImportedContactSchema, { firstName: "Éric", lastName: "LEFÈVRE", company: "Capgemini", job: "Directeur des opérations" }),
    create(ImportedContactSchema, { firstName: "Sean", lastName: "O'NEIL", company: "Acme, Inc.", job: "Head of Talent" }),
  ];
  const found = (term: string) => importSearch(list, term).map((c) => c.lastName);

  it("searches first name, last name, company and job, case- and accent-insensitive", () => {
    expect(found("eric")).toEqual(["LEFÈVRE"]);
    expect(found("lefevre")).toEqual(["LEFÈVRE"]);
    expect(found("SOCIETE")).toEqual(["MARTIN"]);
    expect(found("talent")).toEqual(["O'NEIL"]);
    expect(found("o’neil")).toEqual(["O'NEIL"]);
    expect(found("martin helene")).toEqual(["MARTIN"]);
    expect(found("")).toHaveLength(3);
    expect(found("zzz")).toEqual([]);
  });

  it("takes only .csv and .vcf files of 5 MB at most, and says which it sends", () => {
    expect(importFileProblem({ name: "Connections.csv", size: 1200 })).toBeUndefined();
    expect(importFileProblem({ name: "EXPORT.CSV", size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(importFileProblem({ name: "Tous les contacts.vcf", size: 1200 })).toBeUndefined();
    expect(importFileProblem({ name: "contacts.xlsx", size: 10 })).toBe("wrongType");
    expect(importFileProblem({ name: "gros.csv", size: 5 * 1024 * 1024 + 1 })).toBe("tooLarge");
    expect(importFileProblem({ name: "gros.VCF", size: 5 * 1024 * 1024 + 1 })).toBe("tooLarge");
    expect(importContentType({ name: "Tous les contacts.VCF" })).toBe("text/vcard");
    expect(importContentType({ name: "Connections.csv" })).toBe("text/csv");
  });
});

describe("the contact form", () => {
  it("sends trimmed fields, the normalised last name and only complete resources", () => {
    const draft = formToDraft({
      ...EMPTY_CONTACT,
      civility: Civility.FEMALE,
      firstName: "  Claire ",
      lastName: "de  la tour ",
      email: " claire@exemple.fr ",
      parentId: "p1",
      tags: [" Lyon ", ""],
      resources: [
        { label: "Profil", url: "https://linkedin.com/in/claire" },
        { label: "Sans adresse", url: "" },
        { label: "", url: "https://exemple.fr" },
      ],
    });
    expect(draft).toMatchObject({
      civility: Civility.FEMALE,
      firstName: "Claire",
      lastName: "DE LA TOUR",
      email: "claire@exemple.fr",
      parentId: "p1",
      tags: ["Lyon"],
      resources: [{ label: "Profil", url: "https://linkedin.com/in/claire" }],
    });
    expect(draft.task).toBeUndefined();
  });

  it("sends the first task in the same draft (default subject first contact, priority normal)", () => {
    const now = new Date(2026, 10, 22, 9, 30);
    const task = defaultFirstTask({ email: "a@b.fr" }, now);
    expect(task).toEqual({ subject: TaskSubject.FIRST_CONTACT, mediaType: MediaType.EMAIL, deadline: "2026-11-22", priority: TaskPriority.NORMAL, comments: "" });
    const draft = formToDraft({ ...EMPTY_CONTACT, firstName: "A", lastName: "B", email: "a@b.fr" }, task);
    expect(draft.task).toMatchObject({ subject: TaskSubject.FIRST_CONTACT, priority: TaskPriority.NORMAL, mediaType: MediaType.EMAIL });
    const deadline = timestampDate(draft.task!.deadline as ReturnType<typeof timestampFromDate>);
    expect([deadline.getFullYear(), deadline.getMonth(), deadline.getDate(), deadline.getHours()]).toEqual([2026, 10, 22, 12]);
  });

  it("offers the media types the contact can be reached by, and contact subjects only", () => {
    expect(taskMediaTypesFor({})).toEqual([MediaType.INMAIL, MediaType.OTHER]);
    expect(taskMediaTypesFor({ email: "a@b.fr", phoneNumber: "01", mobileNumber: "06" })).toEqual([
      MediaType.EMAIL,
      MediaType.MOBILE,
      MediaType.PHONE,
      MediaType.INMAIL,
      MediaType.OTHER,
    ]);
    expect(defaultFirstTask({ mobileNumber: "06" }).mediaType).toBe(MediaType.MOBILE);
    for (const nonContact of [TaskSubject.OTHER, TaskSubject.INTERNET_SEARCHES, TaskSubject.INTERVIEW_PREPARATION, TaskSubject.UPDATE_JOBBOARDS_CVS]) {
      expect(CONTACT_TASK_SUBJECTS).not.toContain(nonContact);
    }
    expect(CONTACT_TASK_SUBJECTS[0]).toBe(TaskSubject.FIRST_CONTACT);
  });

  it("refuses a deadline before today", () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(deadlineProblem("2026-11-22", now)).toBeUndefined();
    expect(deadlineProblem("2026-12-01", now)).toBeUndefined();
    expect(deadlineProblem("2026-11-21", now)).toBe("past");
    expect(deadlineProblem("", now)).toBe("required");
    expect(deadlineProblem("n'importe", now)).toBe("required");
    expect(deadlineTimestamp("")).toBeUndefined();
  });

  it("places server violations on the form's fields", () => {
    expect(violationTarget("contact.last_name")).toEqual({ step: "contact", field: "lastName" });
    expect(violationTarget("contact.mobile_number")).toEqual({ step: "contact", field: "mobileNumber" });
    expect(violationTarget("contact.task.deadline")).toEqual({ step: "task", field: "deadline" });
    expect(violationTarget("contact.task.media_type")).toEqual({ step: "task", field: "mediaType" });
    expect(violationTarget("id")).toBeUndefined();
  });
});

describe("activities panel of the details page", () => {
  const at = (iso: string) => timestampFromDate(new Date(iso));
  it("lists not-started items oldest first and completed ones newest first", () => {
    const tasks = [
      create(TaskSchema, { id: "t-late", status: ActivityStatus.NOT_STARTED, deadline: at("2026-12-10T10:00:00Z") }),
      create(TaskSchema, { id: "t-soon", status: ActivityStatus.NOT_STARTED, deadline: at("2026-11-25T10:00:00Z") }),
      // Completed: dated by its execution date, not its deadline.
      create(TaskSchema, { id: "t-done", status: ActivityStatus.COMPLETED, deadline: at("2026-10-01T10:00:00Z"), executionDate: at("2026-11-20T10:00:00Z") }),
      create(TaskSchema, { id: "t-done-old", status: ActivityStatus.COMPLETED, deadline: at("2026-10-05T10:00:00Z") }),
    ];
    const events = [
      create(EventSchema, { id: "e-next", status: ActivityStatus.NOT_STARTED, date: at("2026-11-30T09:00:00Z") }),
      create(EventSchema, { id: "e-done", status: ActivityStatus.COMPLETED, date: at("2026-11-10T09:00:00Z") }),
    ];
    const { inProgress, finished } = activityPanels(tasks, events);
    expect(inProgress.map((i) => i.id)).toEqual(["t-soon", "e-next", "t-late"]);
    expect(finished.map((i) => i.id)).toEqual(["t-done", "e-done", "t-done-old"]);
  });
});
