// The contact form's values: empty, read from a contact, turned into the draft the server takes
// (with the first task when there is one), and the field a server violation names.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { TouchRhythm, type Contact, type ContactDraftSchema } from "../../gen/tremplin/network/v1/network_pb";
import { keptResources, resourceValues, type ResourceValue } from "../../components/resources/model";
import { normalizeLastName } from "../../lib/validation";
import { deadlineTimestamp } from "../../components/activity/taskForm";
import type { FirstTaskValues } from "./firstTask";

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
  touchRhythm: TouchRhythm;
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
  touchRhythm: TouchRhythm.UNSPECIFIED,
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
    resources: resourceValues(c.resources),
    touchRhythm: c.touchRhythm,
  };
}

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
    touchRhythm: v.touchRhythm,
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
