// The rules of the agencies screen that draw nothing: the idempotency key of a licence
// allocation, and the agency form's request.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { EMPTY_PERSON, type PersonValues } from "../../components/form/person";
import type { CreateAgencyRequestSchema } from "../../gen/tremplin/agency/v1/agency_pb";

/** A fresh random key (32 hex digits), from the browser's secure random source. */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The key naming one licence allocation the person asked for. Sending the same number again
 * (a retry after a lost answer, a second click) keeps the key, so the server adds the licences
 * once; another number is another request, with a new key (the server refuses a known key
 * with another number).
 */
export function allocationKey(previous: { count: number; key: string } | undefined, count: number, fresh: () => string = randomKey) {
  return previous && previous.count === count ? previous : { count, key: fresh() };
}

/** The licence count typed: a whole number from 1 to 10,000 (the server's bounds), or undefined. */
export function parseLicenceCount(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 10_000 ? n : undefined;
}

/** The agency's name and e-mail, and its administrator: the person (components/form/person.ts) and their e-mail. */
export type AgencyFormValues = PersonValues & {
  name: string;
  email: string;
  adminEmail: string;
};

export const EMPTY_AGENCY: AgencyFormValues = { ...EMPTY_PERSON, name: "", email: "", adminEmail: "" };

export function agencyDraft(v: AgencyFormValues): MessageInitShape<typeof CreateAgencyRequestSchema> {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    userProfile: {
      civility: v.civility,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.adminEmail.trim(),
      mobileNumber: v.mobileNumber.trim(),
      phoneNumber: v.phoneNumber.trim(),
      job: v.job.trim(),
    },
  };
}

const FIELD_OF_PATH: Record<string, keyof AgencyFormValues> = {
  name: "name",
  email: "email",
  "user_profile.first_name": "firstName",
  "user_profile.last_name": "lastName",
  "user_profile.email": "adminEmail",
  "user_profile.mobile_number": "mobileNumber",
  "user_profile.phone_number": "phoneNumber",
  "user_profile.job": "job",
};

/** The form field a server violation names ("user_profile.email"…), if the form has it. */
export function agencyFieldOfPath(path: string): Exclude<keyof AgencyFormValues, "civility"> | undefined {
  const field = FIELD_OF_PATH[path];
  return field === "civility" ? undefined : field;
}
