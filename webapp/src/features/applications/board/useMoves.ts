// Moving a card on the board: lost or win through the report modal (the card moves only once
// the report is saved), new or engaged through MoveApplication (which refuses: engagement comes
// from a completed activity), a closed card nowhere. Every outcome is announced (live region)
// and a refusal is shown as a toast too.
import { useCallback, useState } from "react";
import { useMutation } from "@connectrpc/connect-query";
import { OpportunityService, ApplicationStatus, type Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { useToast } from "../../../components/Toasts";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { handledByApp } from "../../../lib/queryClient";
import { statusInfo } from "../list/model";
import type { ApplicationModals } from "../modals/useApplicationModals";
import { useRefreshApplications } from "../queries";
import { moveKind, moveRefusalMessage } from "./model";

const b = applicationListMessages.board;

export type BoardMoves = {
  move: (application: Application, target: ApplicationStatus) => Promise<void>;
  /** The last outcome, for the live region. */
  announcement: string;
  /** The id of the card being moved (its call or its report under way). */
  pending: string | undefined;
};

export function useBoardMoves(report: ApplicationModals["report"]): BoardMoves {
  const toast = useToast();
  const refresh = useRefreshApplications();
  const [announcement, setAnnouncement] = useState("");
  const [pending, setPending] = useState<string | undefined>(undefined);
  const moveApplication = useMutation(OpportunityService.method.moveApplication, { meta: { handlesErrors: true } });

  const move = useCallback(
    async (application: Application, target: ApplicationStatus) => {
      const label = statusInfo(target).label;
      const refuse = (message: string) => {
        setAnnouncement(message);
        toast.warning(message);
      };
      switch (moveKind(application, target)) {
        case "none":
          return;
        case "closed":
          refuse(b.refusedClosed);
          return;
        case "report": {
          setPending(application.id);
          try {
            const saved = await report(application, target as ApplicationStatus.LOST | ApplicationStatus.WIN);
            setAnnouncement(saved ? b.moved(application.company, label) : b.cancelled(application.company));
          } finally {
            setPending(undefined);
          }
          return;
        }
        case "server": {
          setPending(application.id);
          setAnnouncement(b.moving(application.company));
          try {
            await moveApplication.mutateAsync({ id: application.id, status: target });
            await refresh();
            setAnnouncement(b.moved(application.company, label));
          } catch (err) {
            if (handledByApp(err)) setAnnouncement(b.cancelled(application.company));
            else refuse(moveRefusalMessage(err, target));
          } finally {
            setPending(undefined);
          }
        }
      }
    },
    [report, toast, moveApplication, refresh],
  );

  return { move, announcement, pending };
}
