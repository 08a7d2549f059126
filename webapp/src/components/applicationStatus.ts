// The one rule of an application's life that several screens share (the applications list and
// board, /application/{id}, the application modals, and the applications the task and event
// forms offer): won and lost are final (spec section 4); new and engaged are open — they can be
// edited, closed, and take new activities. The server applies the same rule (APPLICATION_CLOSED)
// and stays the authority.
import { ApplicationStatus, type Application } from "../gen/tremplin/opportunity/v1/opportunity_pb";

/** Won and lost applications are final; the others are open. */
export function isClosed(a: Pick<Application, "status">): boolean {
  return a.status === ApplicationStatus.LOST || a.status === ApplicationStatus.WIN;
}
