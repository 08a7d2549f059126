// The intermediary picker's rules, as the server checks them: who may introduce a contact, and
// the options for a typed text.
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { fold } from "../../lib/text";
import { searchKey } from "./filters";
import { fullName } from "./names";

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
    ? candidates.filter((c) => searchKey(c).includes(term))
    : candidates;
  return {
    options: matching.slice(0, limit).map((c) => ({ id: c.id, label: fullName(c), detail: c.company })),
    more: Math.max(0, matching.length - limit),
  };
}
