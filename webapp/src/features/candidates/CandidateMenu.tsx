// The actions of one candidate (spec section 6), as the server and the viewer's role allow.
import Divider from "@mui/material/Divider";
import CardMembershipRounded from "@mui/icons-material/CardMembershipRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import ForwardToInboxRounded from "@mui/icons-material/ForwardToInboxRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import LockOpenRounded from "@mui/icons-material/LockOpenRounded";
import LockRounded from "@mui/icons-material/LockRounded";
import SwapHorizRounded from "@mui/icons-material/SwapHorizRounded";
import { RowMenu, RowMenuItem } from "../../components/RowMenu";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { candidateActions, fullName, type CandidateAction, type Manager } from "./model";
import type { CandidateActions } from "./useCandidateActions";

const a = agencyMessages.actions;

const ICONS: Record<CandidateAction, typeof DeleteOutlineRounded> = {
  progress: InsightsRounded,
  allocate: CardMembershipRounded,
  resend: ForwardToInboxRounded,
  grantFree: LockOpenRounded,
  revokeFree: LockRounded,
  toB2C: SwapHorizRounded,
  toB2B: SwapHorizRounded,
  delete: DeleteOutlineRounded,
};

const LABELS: Record<CandidateAction, string> = {
  progress: a.progress,
  allocate: a.allocate,
  resend: a.resend,
  grantFree: a.grantFree,
  revokeFree: a.revokeFree,
  toB2C: a.toB2C,
  toB2B: a.toB2B,
  delete: a.delete,
};

export function CandidateMenu({ candidate, who, actions }: { candidate: User; who: Manager; actions: CandidateActions }) {
  const run: Record<Exclude<CandidateAction, "progress">, () => void> = {
    allocate: () => actions.allocate(candidate),
    resend: () => actions.resend(candidate),
    grantFree: () => actions.setFreeAccess(candidate, true),
    revokeFree: () => actions.setFreeAccess(candidate, false),
    toB2C: () => actions.toB2C(candidate),
    toB2B: () => actions.toB2B(candidate),
    delete: () => actions.remove([candidate]),
  };
  return (
    <RowMenu label={a.menu(fullName(candidate))} minWidth={240}>
      {candidateActions(candidate, who).flatMap((action) => {
        const Icon = ICONS[action];
        if (action === "progress") {
          return [
            <RowMenuItem key={action} to={`/candidates/${candidate.id}/progress`} state={{ name: fullName(candidate) }} icon={<Icon fontSize="small" />}>
              {LABELS[action]}
            </RowMenuItem>,
          ];
        }
        const item = (
          <RowMenuItem key={action} onClick={run[action]} danger={action === "delete"} icon={<Icon fontSize="small" />}>
            {LABELS[action]}
          </RowMenuItem>
        );
        return action === "delete" ? [<Divider key="divider" />, item] : [item];
      })}
    </RowMenu>
  );
}
