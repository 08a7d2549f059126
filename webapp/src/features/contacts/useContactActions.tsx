// What can be done to a contact from the list and the details page: create, edit (the contact
// modal), delete (a confirmation, then the call), import (the import flow, premium).
import { lazy, useCallback, useMemo } from "react";
import { useMutation } from "@connectrpc/connect-query";
import EditRounded from "@mui/icons-material/EditRounded";
import PeopleAltRounded from "@mui/icons-material/PeopleAltRounded";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { NetworkService, type DuplicatePair } from "../../gen/tremplin/network/v1/network_pb";
import { LazyBody } from "../../components/ModalBody";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { errorReason, isNotFound } from "../../lib/errors";
import { networkMessages } from "../../lib/messages/network";
import { usePremiumGate } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";
import { deleteBlock, deleteBlockMessage } from "./deletion";
import { fullName } from "./names";
import { useRefreshNetwork } from "../../lib/refresh";

// The contact form (its day picker, the intermediary and tag pickers) and the import flow are
// the heaviest parts of the network screens: each is loaded when first opened.
const ContactModalBody = lazy(() => import("./ContactForm").then((m) => ({ default: m.ContactModalBody })));
const ImportFlow = lazy(() => import("./ImportFlow"));
const MergeFlow = lazy(() => import("./MergeFlow"));

type Deletable = { id: string; firstName: string; lastName: string; isDeletable: boolean; status: number; civility: Civility };

export type ContactActions = {
  create: () => void;
  edit: (id: string) => void;
  remove: (contact: Deletable, after?: () => void) => void;
  importContacts: () => void;
  /** Review the pairs that look like one person, and merge them (premium). */
  mergeDuplicates: (pairs: readonly DuplicatePair[]) => void;
};

export function useContactActions(): ContactActions {
  const modals = useModals();
  const toast = useToast();
  const refresh = useRefreshNetwork();
  const gate = usePremiumGate();
  const del = useMutation(NetworkService.method.deleteContact, { meta: { handlesErrors: true } });
  const { mutateAsync } = del;

  const create = useCallback(
    () =>
      modals.open({
        kind: "custom",
        title: networkMessages.form.createTitle,
        illustration: <PersonAddAlt1Rounded />,
        maxWidth: "md",
        render: (close) => (
          <LazyBody>
            <ContactModalBody close={close} />
          </LazyBody>
        ),
      }),
    [modals],
  );

  const edit = useCallback(
    (id: string) =>
      modals.open({
        kind: "custom",
        title: networkMessages.form.editTitle,
        illustration: <EditRounded />,
        maxWidth: "md",
        render: (close) => (
          // The same words as the form's own wait for the contact, which follows.
          <LazyBody label={networkMessages.form.loading}>
            <ContactModalBody contactId={id} close={close} />
          </LazyBody>
        ),
      }),
    [modals],
  );

  const remove = useCallback(
    (contact: Deletable, after?: () => void) => {
      const m = networkMessages.actions;
      const block = deleteBlock(contact);
      if (block) {
        modals.inform({ title: m.delete, message: deleteBlockMessage(block) });
        return;
      }
      modals.confirm({
        title: m.deleteTitle,
        message: m.deleteMessage(fullName(contact), contact.civility === Civility.FEMALE),
        tone: "danger",
        confirmLabel: m.deleteConfirm,
        onConfirm: async () => {
          try {
            await mutateAsync({ id: contact.id });
            toast.success(networkMessages.toasts.deleted);
            after?.();
          } catch (err) {
            // PREMIUM_REQUIRED and a lost session: the app's handling has taken over.
            if (handledByApp(err)) return;
            // Refused though it looked deletable: an activity or an application was linked to it
            // meanwhile (its status moves only with a completed activity).
            if (errorReason(err) === "CONTACT_NOT_DELETABLE") toast.error(m.notDeletableLinked);
            else if (isNotFound(err)) toast.error(networkMessages.toasts.gone);
            else toast.error(networkMessages.toasts.deleteError);
          } finally {
            void refresh();
          }
        },
      });
    },
    [modals, mutateAsync, toast, refresh],
  );

  const { allow } = gate;
  const importContacts = useCallback(() => {
    if (!allow()) return;
    modals.open({
      kind: "custom",
      title: networkMessages.importFlow.title,
      illustration: <UploadFileRounded />,
      maxWidth: "md",
      render: (close) => (
        <LazyBody>
          <ImportFlow close={close} />
        </LazyBody>
      ),
    });
  }, [allow, modals]);

  const mergeDuplicates = useCallback(
    (pairs: readonly DuplicatePair[]) => {
      if (!allow()) return;
      modals.open({
        kind: "custom",
        title: networkMessages.merge.title,
        illustration: <PeopleAltRounded />,
        maxWidth: "md",
        render: (close) => (
          <LazyBody>
            <MergeFlow pairs={pairs} close={close} />
          </LazyBody>
        ),
      });
    },
    [allow, modals],
  );

  return useMemo(() => ({ create, edit, remove, importContacts, mergeDuplicates }), [create, edit, remove, importContacts, mergeDuplicates]);
}
