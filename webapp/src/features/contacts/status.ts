// Contact statuses as the server sets them (NetworkService stays the authority): labels and
// colours, the status a contact will have once saved, when saving prompts a first task, and the
// state bar's counts. Pure functions, unit-tested.
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";

const s = networkMessages.status;

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
