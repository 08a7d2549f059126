// The list's filters and search, as the server's ListContacts applies them.
import type { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { fold } from "../../lib/text";

/** callBack: only the contacts to call back this week (ListCallBacks answers which). */
export type ContactFilters = { search: string; statuses: ContactStatus[]; tags: string[]; callBack: boolean };

export const NO_FILTERS: ContactFilters = { search: "", statuses: [], tags: [], callBack: false };

export function hasFilters(f: ContactFilters): boolean {
  return fold(f.search) !== "" || f.statuses.length > 0 || f.tags.length > 0 || f.callBack;
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
 * containing the search (case- and accent-insensitive), any of the statuses, any of the tags;
 * with callBack, only those among callBacks (none while they are not known).
 */
export function filterContacts<T extends Pick<Contact, "id" | "firstName" | "lastName" | "company" | "status" | "tags">>(
  contacts: readonly T[],
  f: ContactFilters,
  callBacks?: ReadonlySet<string>,
): T[] {
  if (!hasFilters(f)) return contacts as T[];
  const term = fold(f.search);
  const statuses = new Set(f.statuses);
  const tags = new Set(f.tags.map(fold));
  return contacts.filter(
    (c) =>
      (!f.callBack || (callBacks?.has(c.id) ?? false)) &&
      (!term || searchKey(c).includes(term)) &&
      (statuses.size === 0 || statuses.has(c.status)) &&
      (tags.size === 0 || c.tags.some((t) => tags.has(fold(t.name)))),
  );
}
