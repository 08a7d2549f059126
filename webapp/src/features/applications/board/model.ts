// The board's rules: the applications grouped in their columns, and what moving a card to a
// column does — mirroring MoveApplication and applications.CheckMove on the server (which stays
// the authority): an open application (new or engaged) may be closed as lost or won; new and
// engaged are never chosen by hand (engagement comes from a completed activity, and an engaged
// application does not go back to new); a won or lost application is final. Pure functions,
// unit-tested.
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { isClosed } from "../../../components/applicationStatus";
import { isKnownStatus, STATUS_ORDER, type KnownStatus } from "../list/model";

const b = applicationListMessages.board;

/** The applications of each column, in the order given (newest first). */
export function groupByStatus<T extends Pick<Application, "status">>(applications: readonly T[]): Record<KnownStatus, T[]> {
  const columns = Object.fromEntries(STATUS_ORDER.map((s) => [s, [] as T[]])) as Record<KnownStatus, T[]>;
  for (const a of applications) if (isKnownStatus(a.status)) columns[a.status].push(a);
  return columns;
}

/**
 * What moving a card to a column does:
 * - "none": its own column, nothing happens;
 * - "report": lost or win from an open application, the report modal opens and the card moves
 *   only once it is saved;
 * - "refused": anything else (new or engaged by hand, or a closed card): the server would
 *   refuse it, so the board does not offer it and a drop there does nothing.
 */
export type MoveKind = "none" | "report" | "refused";

export function moveKind(application: Pick<Application, "status">, target: ApplicationStatus): MoveKind {
  if (application.status === target) return "none";
  if (isClosed(application)) return "refused";
  if (target === ApplicationStatus.LOST || target === ApplicationStatus.WIN) return "report";
  return "refused";
}

/** The columns a card's menu offers: those a move to can succeed. */
export function moveTargets(application: Pick<Application, "status">): KnownStatus[] {
  return STATUS_ORDER.filter((s) => moveKind(application, s) === "report");
}

/**
 * The columns a card's menu leaves out, each with why (said in the menu, so that nobody
 * wonders where « Engagée » went): none for a closed card, which has no menu.
 */
export function unavailableTargets(application: Pick<Application, "status">): { status: KnownStatus; reason: string }[] {
  if (isClosed(application)) return [];
  return STATUS_ORDER.filter((s) => moveKind(application, s) === "refused").map((s) => ({
    status: s,
    reason: s === ApplicationStatus.ENGAGED ? b.whyNotEngaged : b.whyNotNew,
  }));
}
