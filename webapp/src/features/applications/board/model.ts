// The board's rules: the applications grouped in their columns, and what moving a card to a
// column does — mirroring MoveApplication (the server stays the authority). Pure functions,
// unit-tested.
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { errorReason } from "../../../lib/errors";
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
 * - "closed": a won or lost application is final, it does not move (nothing is called);
 * - "report": lost or win, the report modal opens and the card moves only once it is saved;
 * - "server": new or engaged, MoveApplication is asked (and refuses: engagement comes from a
 *   completed activity).
 */
export type MoveKind = "none" | "closed" | "report" | "server";

export function moveKind(application: Pick<Application, "status">, target: ApplicationStatus): MoveKind {
  if (application.status === target) return "none";
  if (isClosed(application)) return "closed";
  if (target === ApplicationStatus.LOST || target === ApplicationStatus.WIN) return "report";
  return "server";
}

/** The columns a card may be sent to from its menu: the others, none for a closed card. */
export function moveTargets(application: Pick<Application, "status">): KnownStatus[] {
  if (isClosed(application)) return [];
  return STATUS_ORDER.filter((s) => s !== application.status);
}

/** What the user reads when the server refuses a move. */
export function moveRefusalMessage(err: unknown, target: ApplicationStatus): string {
  switch (errorReason(err)) {
    case "APPLICATION_ENGAGED_BY_ACTIVITY":
      return target === ApplicationStatus.NEW ? b.refusedNew : b.refusedEngaged;
    case "APPLICATION_CLOSED":
      return b.refusedClosed;
    default:
      return b.moveError;
  }
}
