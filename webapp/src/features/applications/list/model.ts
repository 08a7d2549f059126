// The rules of the applications list that mirror the server's (OpportunityService stays the
// authority): statuses and their colours, counts, the company search and the status filter,
// and the view (list or board) remembered across visits. Pure functions, unit-tested.
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { ApplicationSource, ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { fold } from "../../../lib/text";
import { applicationSourceLabels, applicationStatusLabels } from "../labels";

/** The statuses in the order of an application's life (state bar, filter, board columns). */
export const STATUS_ORDER = [ApplicationStatus.NEW, ApplicationStatus.ENGAGED, ApplicationStatus.LOST, ApplicationStatus.WIN] as const;

export type KnownStatus = (typeof STATUS_ORDER)[number];

const statusMeta: Record<KnownStatus, { key: string; color: string; bg: string; fg: string }> = {
  [ApplicationStatus.NEW]: { key: "new", color: "#0EA5E9", bg: "#E0F2FE", fg: "#0369A1" },
  [ApplicationStatus.ENGAGED]: { key: "engaged", color: "#4338CA", bg: "#EEF0FF", fg: "#3730A3" },
  [ApplicationStatus.LOST]: { key: "lost", color: "#94A3B8", bg: "#F1F5F9", fg: "#475569" },
  [ApplicationStatus.WIN]: { key: "win", color: "#16A34A", bg: "#DCFCE7", fg: "#15803D" },
};

export class UnknownStatusError extends Error {
  constructor(status: unknown) {
    super(`Statut de candidature inconnu (${String(status)})`);
    this.name = "UnknownStatusError";
  }
}

export function isKnownStatus(status: ApplicationStatus): status is KnownStatus {
  return status in statusMeta;
}

/** Label and colours of a status. An unknown value is an internal error (spec section 8). */
export function statusInfo(status: ApplicationStatus) {
  if (!isKnownStatus(status)) throw new UnknownStatusError(status);
  return { ...statusMeta[status], label: applicationStatusLabels[status] };
}

export function sourceLabel(source: ApplicationSource): string {
  return source === ApplicationSource.UNSPECIFIED ? "" : (applicationSourceLabels[source] ?? "");
}

/** Applications per status, every status present. */
export function countByStatus(applications: readonly Pick<Application, "status">[]): Record<KnownStatus, number> {
  const counts = Object.fromEntries(STATUS_ORDER.map((s) => [s, 0])) as Record<KnownStatus, number>;
  for (const a of applications) if (isKnownStatus(a.status)) counts[a.status] += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Filters

export type ApplicationFilters = { search: string; statuses: ApplicationStatus[] };

export const NO_FILTERS: ApplicationFilters = { search: "", statuses: [] };

export function hasFilters(f: ApplicationFilters): boolean {
  return fold(f.search) !== "" || f.statuses.length > 0;
}

/**
 * The applications matching the filters, as the server's ListApplications does: the company
 * containing the search (case- and accent-insensitive), any of the statuses. The order is kept
 * (newest first, as the server sends them).
 */
export function filterApplications<T extends Pick<Application, "company" | "status">>(applications: readonly T[], f: ApplicationFilters): T[] {
  if (!hasFilters(f)) return applications as T[];
  const term = fold(f.search);
  const statuses = new Set(f.statuses);
  return applications.filter((a) => (!term || fold(a.company).includes(term)) && (statuses.size === 0 || statuses.has(a.status)));
}

// ---------------------------------------------------------------------------------------------
// The view, remembered in the browser

export type ApplicationsView = "list" | "board";

export const VIEW_STORAGE_KEY = "tremplin.applications.view";

/** The view chosen last time on this browser; the list when none was chosen (or storage is off). */
export function readView(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): ApplicationsView {
  try {
    return storage?.getItem(VIEW_STORAGE_KEY) === "board" ? "board" : "list";
  } catch {
    return "list";
  }
}

export function writeView(view: ApplicationsView, storage: Pick<Storage, "setItem"> | undefined = safeStorage()): void {
  try {
    storage?.setItem(VIEW_STORAGE_KEY, view);
  } catch {
    // Private browsing or storage full: the choice simply lasts for this visit.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
