// What can be done to a contact from the list and the details page: create, edit (the contact
// modal), delete (a confirmation, then the call), import (the import flow, premium).
import { lazy, Suspense, useCallback, useMemo } from "react";
import { useMutation } from "@connectrpc/connect-query";
import CircularProgress from "@mui/material/CircularProgress";
import Box from "@mui/material/Box";
import EditRounded from "@mui/icons-material/EditRounded";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { errorReason, isPremiumRequired, isSessionLost } from "../../lib/errors";
import { networkMessages } from "../../lib/messages/network";
import { usePremiumGate } from "../../lib/premium";
import { reportError } from "../../lib/queryClient";
import { ContactModalBody } from "./ContactForm";
import { deleteBlock, deleteBlockMessage, fullName } from "./model";
import { useRefreshNetwork } from "./queries";

// The import flow is the heaviest part of the screen: loaded when first opened.
const ImportFlow = lazy(() => import("./ImportFlow"));

type Deletable = { id: string; firstName: string; lastName: string; isDeletable: boolean; status: number };

export type ContactActions = {
  create: () => void;
  edit: (id: string) => void;
  remove: (contact: Deletable, after?: () => void) => void;
  importContacts: () => void;
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
        render: (close) => <ContactModalBody close={close} />,
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
        render: (close) => <ContactModalBody contactId={id} close={close} />,
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
        message: m.deleteMessage(fullName(contact)),
        tone: "danger",
        confirmLabel: m.deleteConfirm,
        onConfirm: async () => {
          try {
            await mutateAsync({ id: contact.id });
            toast.success(networkMessages.toasts.deleted);
            after?.();
          } catch (err) {
            if (isPremiumRequired(err) || isSessionLost(err)) reportError(err);
            else if (errorReason(err) === "CONTACT_NOT_DELETABLE") toast.error(m.notDeletableStatus);
            else if (errorReason(err) === "NOT_FOUND") toast.error(networkMessages.toasts.gone);
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
        <Suspense
          fallback={
            <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <ImportFlow close={close} />
        </Suspense>
      ),
    });
  }, [allow, modals]);

  return useMemo(() => ({ create, edit, remove, importContacts }), [create, edit, remove, importContacts]);
}
