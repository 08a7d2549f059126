// How a contact is named on the network screens: full name, job and company, rank.
import type { ContactRef } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import { normalizeLastName } from "../../lib/validation";
import { personName } from "../../lib/names";

type Named = Pick<ContactRef, "firstName" | "lastName">;

/** "Claire BERNARD" (lib/names: one way to write a name everywhere). */
export function fullName(c: Named): string {
  return personName(c);
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
