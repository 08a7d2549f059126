// The application modal's values and rules (spec sections 3 "Application", 4 "Applications", 5):
// company, job and source required; the source my-network clears and hides the reference; a
// link is kept only with both a label and an address. Pure functions, unit-tested.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  ApplicationSource,
  type Application,
  type ApplicationDraftSchema,
} from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { keptResources, resourceValues, type ResourceValue } from "../../../components/resources/model";
import { dayValue, parseDayValue, toJsDate } from "../../../lib/format";


export type ApplicationFormValues = {
  company: string;
  job: string;
  reference: string;
  place: string;
  salary: string;
  description: string;
  /** UNSPECIFIED until chosen. */
  source: ApplicationSource;
  sourceDetails: string;
  /** yyyy-MM-dd, "" when none. */
  dateOfPublication: string;
  contactIds: string[];
  resources: ResourceValue[];
};

export const SOURCES: readonly ApplicationSource[] = [
  ApplicationSource.JOB_BOARD,
  ApplicationSource.MY_NETWORK,
  ApplicationSource.FREE_APPLICATION,
  ApplicationSource.AGENCY,
  ApplicationSource.OTHER,
];

export function emptyApplication(): ApplicationFormValues {
  return {
    company: "",
    job: "",
    reference: "",
    place: "",
    salary: "",
    description: "",
    source: ApplicationSource.UNSPECIFIED,
    sourceDetails: "",
    dateOfPublication: "",
    contactIds: [],
    resources: [],
  };
}

export function applicationToForm(a: Application): ApplicationFormValues {
  const published = toJsDate(a.dateOfPublication);
  return {
    company: a.company,
    job: a.job,
    reference: a.reference,
    place: a.place,
    salary: a.salary,
    description: a.description,
    source: a.source,
    sourceDetails: a.sourceDetails,
    dateOfPublication: published ? dayValue(published) : "",
    contactIds: a.contacts.map((c) => c.id),
    resources: resourceValues(a.resources),
  };
}

/** The reference field is shown (and kept) unless the application comes from the network. */
export function showsReference(source: ApplicationSource): boolean {
  return source !== ApplicationSource.MY_NETWORK;
}

export type ApplicationErrors = Partial<Record<"company" | "job" | "source", "required">>;

/** The local rules: company, job and source required. */
export function validateApplication(v: Pick<ApplicationFormValues, "company" | "job" | "source">): ApplicationErrors {
  const e: ApplicationErrors = {};
  if (!v.company.trim()) e.company = "required";
  if (!v.job.trim()) e.job = "required";
  if (v.source === ApplicationSource.UNSPECIFIED) e.source = "required";
  return e;
}

/** A publication day as the API takes it: that day at noon, local time (clear of time-zone edges). */
function noonOf(day: string) {
  const d = parseDayValue(day);
  if (!d) return undefined;
  d.setHours(12, 0, 0, 0);
  return timestampFromDate(d);
}

export function applicationDraft(v: ApplicationFormValues): MessageInitShape<typeof ApplicationDraftSchema> {
  return {
    company: v.company.trim(),
    job: v.job.trim(),
    reference: showsReference(v.source) ? v.reference.trim() : "",
    place: v.place.trim(),
    salary: v.salary.trim(),
    description: v.description.trim(),
    source: v.source,
    sourceDetails: v.sourceDetails.trim(),
    dateOfPublication: noonOf(v.dateOfPublication),
    contactIds: [...new Set(v.contactIds)],
    // A link is kept only when both its label and its address are filled (spec section 5). Sent
    // even when empty: an update keeps what it leaves out, so an emptied list must be sent.
    resources: { items: keptResources(v.resources) },
  };
}

/** The form field a server violation names ("application.contact_ids[2]" → contactIds). */
export function violationField(path: string): keyof ApplicationFormValues | undefined {
  const last = (path.split(".").pop() ?? "").replace(/\[\d+\]$/, "");
  const camel = last.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const fields: readonly string[] = Object.keys(emptyApplication());
  if (path.includes("resources")) return "resources";
  return fields.includes(camel) ? (camel as keyof ApplicationFormValues) : undefined;
}
