// Moving a card on the board: to lost or win through the report modal (the card moves only
// once the report is saved); every other move is one the server refuses, so it is never
// attempted (./model). Every outcome is announced (live region).
import { useCallback, useState } from "react";
import { ApplicationStatus, type Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { statusInfo } from "../list/model";
import type { ApplicationModals } from "../modals/useApplicationModals";
import { moveKind } from "./model";

const b = applicationListMessages.board;

/** How a move ended: the card is in its new column, stayed where it was, or nothing was asked. */
export type MoveOutcome = "moved" | "cancelled" | "none";

export type BoardMoves = {
  move: (application: Application, target: ApplicationStatus) => Promise<MoveOutcome>;
  /** The last outcome, for the live region. */
  announcement: string;
  /** The id of the card being moved (its report under way). */
  pending: string | undefined;
};

export function useBoardMoves(report: ApplicationModals["report"]): BoardMoves {
  const [announcement, setAnnouncement] = useState("");
  const [pending, setPending] = useState<string | undefined>(undefined);

  const move = useCallback(
    async (application: Application, target: ApplicationStatus): Promise<MoveOutcome> => {
      if (moveKind(application, target) !== "report") return "none";
      setPending(application.id);
      try {
        const saved = await report(application, target as ApplicationStatus.LOST | ApplicationStatus.WIN);
        setAnnouncement(saved ? b.moved(application.company, statusInfo(target).label) : b.cancelled(application.company));
        return saved ? "moved" : "cancelled";
      } finally {
        setPending(undefined);
      }
    },
    [report],
  );

  return { move, announcement, pending };
}
