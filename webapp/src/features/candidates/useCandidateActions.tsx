// What can be done to candidates from the list: create (the candidate modal), allocate a
// licence, resend the invitation, free access on or off, B2C / B2B (platform admin), delete the
// ticked ones (the delete-candidate modal). Each ends with its toast and a refetch.
import { useCallback, useMemo } from "react";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import PersonRemoveRounded from "@mui/icons-material/PersonRemoveRounded";
import SwapHorizRounded from "@mui/icons-material/SwapHorizRounded";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { serverMessage } from "../../lib/errors";
import { agencyMessages } from "../../lib/messages/agency";
import { handledByApp } from "../../lib/queryClient";
import { candidatesSelected } from "../../lib/validation";
import { AgencyChoice } from "./AgencyChoice";
import { CandidateForm } from "./CandidateForm";
import { DeleteCandidates } from "./DeleteCandidates";
import { fullName, type Manager } from "./model";
import type { RemainingLicences } from "./useRemainingLicences";
import { useRefreshAgency } from "../../lib/refresh";

const a = agencyMessages.actions;
const d = agencyMessages.deleteModal;

export type CandidateActions = {
  create: () => void;
  allocate: (c: User) => void;
  resend: (c: User) => void;
  setFreeAccess: (c: User, on: boolean) => void;
  toB2C: (c: User) => void;
  toB2B: (c: User) => void;
  /** The delete-candidate modal for these candidates; `done` runs after the deletions. */
  remove: (candidates: readonly User[], done?: () => void) => void;
};

export function useCandidateActions(who: Manager, remaining: RemainingLicences): CandidateActions {
  const modals = useModals();
  const toast = useToast();
  const refresh = useRefreshAgency();
  const opts = { meta: { handlesErrors: true } } as const;
  const allocateM = useMutation(AgencyService.method.allocateLicenseToCandidate, opts).mutateAsync;
  const resendM = useMutation(AgencyService.method.sendNewEmailInvitation, opts).mutateAsync;
  const freeM = useMutation(AgencyService.method.setFreeAccess, opts).mutateAsync;
  const b2cM = useMutation(AgencyService.method.defineAsB2C, opts).mutateAsync;
  const deleteM = useMutation(AgencyService.method.deleteCandidate, opts).mutateAsync;

  /** A refusal: the app's handling (sign-out), the server's own message, or the generic one. */
  const fail = useCallback(
    (err: unknown, fallback: string, useServer = true) => {
      if (handledByApp(err)) return;
      toast.error((useServer && serverMessage(err)) || fallback);
    },
    [toast],
  );

  const resendTo = useCallback(
    async (c: User, silent = false) => {
      try {
        await resendM({ id: c.agency?.id ?? "", candidateId: c.id });
        if (!silent) toast.success(a.resent);
        return true;
      } catch (err) {
        fail(err, a.resendError);
        return false;
      } finally {
        void refresh();
      }
    },
    [resendM, toast, fail, refresh],
  );

  const create = useCallback(
    () =>
      modals.open({
        kind: "custom",
        title: agencyMessages.candidateForm.title,
        illustration: <PersonAddAlt1Rounded />,
        maxWidth: "sm",
        render: (close) => (
<CandidateForm who={who} close={close} />
        ),
      }),
    [modals, who],
  );

  const { of: remainingOf } = remaining;
  const allocate = useCallback(
    (c: User) => {
      // What the licence does, said before it is given: who is told how, the free access it
      // ends, and what the agency has left afterwards.
      const left = remainingOf(c.agency?.id);
      const lines = [
        a.allocateMessage(fullName(c), c.agency?.name ?? ""),
        c.firstLoginDate ? a.allocateNotify : a.allocateInvite,
        c.hasFreeAccess ? a.allocateEndsFree : "",
        left === undefined ? "" : a.allocateLeft(Math.max(left - 1, 0), c.agency?.name ?? ""),
      ].filter(Boolean);
      const message = (
        <>
          {lines.map((line, i) => (
            <Box component="p" key={line} sx={{ m: 0, mt: i === 0 ? 0 : 1 }}>
              {line}
            </Box>
          ))}
        </>
      );
      modals.confirm({
        title: a.allocateTitle,
        message,
        confirmLabel: a.allocateConfirm,
        onConfirm: async () => {
          try {
            const res = await allocateM({ id: c.agency?.id ?? "", candidateId: c.id });
            const done = res.invitationSent ? a.allocatedInvited : res.candidateNotified ? a.allocatedNotified : a.allocated;
            toast.success(res.freeAccessEnded ? `${done}. ${a.freeEnded}` : done);
          } catch (err) {
            fail(err, a.allocateError);
          } finally {
            void refresh();
          }
        },
      });
    },
    [modals, allocateM, toast, fail, refresh, remainingOf],
  );

  const resend = useCallback((c: User) => void resendTo(c), [resendTo]);

  const setFreeAccess = useCallback(
    async (c: User, on: boolean) => {
      try {
        await freeM({ id: c.id, hasFreeAccess: on });
        toast.success(on ? a.freeGranted : a.freeRevoked);
      } catch (err) {
        // « Impossible de donner un accès gratuit à un candidat avec licence. » is the server's.
        fail(err, a.freeError);
      } finally {
        void refresh();
      }
    },
    [freeM, toast, fail, refresh],
  );

  /** After a change of kind: invite the candidate when the server says they now can sign in. */
  const afterKind = useCallback(
    async (c: User, done: string, invite: boolean) => {
      if (invite && (await resendTo(c, true))) toast.success(`${done}. ${a.kindInvited}`);
      else toast.success(done);
    },
    [resendTo, toast],
  );

  const toB2C = useCallback(
    async (c: User) => {
      try {
        const res = await b2cM({ id: c.id });
        await afterKind(c, a.b2cDone, Boolean(res.actions?.sendInvitationEmail));
      } catch (err) {
        // Spec section 8: the B2C error shows the server's message.
        fail(err, a.b2cError);
      } finally {
        void refresh();
      }
    },
    [b2cM, afterKind, fail, refresh],
  );

  const toB2B = useCallback(
    (c: User) =>
      modals.open({
        kind: "custom",
        title: a.b2bTitle,
        illustration: <SwapHorizRounded />,
        render: (close) => (
            <AgencyChoice
              candidate={c}
              close={close}
              remainingOf={remainingOf}
              onDone={(res) => {
                void refresh();
                const done = res.candidate?.license ? a.b2bDoneLicence(res.candidate.agency?.name ?? "") : a.b2bDone;
                void afterKind(c, res.candidateNotified ? `${done}. ${a.kindNotified}` : done, Boolean(res.actions?.sendInvitationEmail));
              }}
              onError={(err) => {
                void refresh();
                // Spec section 8: the B2B error is a plain error.
                fail(err, a.b2bError, false);
              }}
            />
        ),
      }),
    [modals, refresh, afterKind, fail, remainingOf],
  );

  const remove = useCallback(
    (candidates: readonly User[], done?: () => void) => {
      const problem = candidatesSelected(candidates.map((c) => c.id));
      if (problem !== true) {
        toast.error(problem);
        return;
      }
      modals.open({
        kind: "custom",
        title: d.title(candidates.length),
        illustration: <PersonRemoveRounded />,
        tone: "danger",
        render: (close) => (
          <DeleteCandidates
            candidates={candidates}
            close={close}
            onConfirm={async () => {
              // The spec's route deletes one candidate per call.
              const results = await Promise.allSettled(candidates.map((c) => deleteM({ id: c.id })));
              const failed = results.filter((r) => r.status === "rejected");
              const ok = results.length - failed.length;
              // A lost session is the app's to handle (it signs out): no toast of ours then.
              if (failed.some((r) => handledByApp(r.reason))) return;
              if (failed.length === 0) toast.success(d.deleted(ok));
              else if (ok === 0) toast.error(d.error);
              else toast.warning(d.partial(ok, failed.length));
              // The modal closes now; the list follows when the refetch answers.
              void refresh();
              done?.();
            }}
          />
        ),
      });
    },
    [modals, toast, deleteM, refresh],
  );

  return useMemo(
    () => ({ create, allocate, resend, setFreeAccess, toB2C, toB2B, remove }),
    [create, allocate, resend, setFreeAccess, toB2C, toB2B, remove],
  );
}

