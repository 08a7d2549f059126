// Downloading contacts: the network as a spreadsheet (CSV, for everyone) or as vCards for a phone,
// and one contact's card (vCard, premium: a non-subscriber goes to the subscription page).
import { useMutation } from "@connectrpc/connect-query";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { useToast } from "../../components/Toasts";
import { downloadFile } from "../../lib/download";
import { networkMessages } from "../../lib/messages/network";
import { usePremiumGate } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";

const m = networkMessages.list;

export type ContactExport = {
  csv: () => void;
  /** The whole network, or one contact when given. */
  vcard: (contactId?: string) => void;
  pending: boolean;
  premium: boolean;
};

export function useContactExport(): ContactExport {
  const toast = useToast();
  const gate = usePremiumGate();
  const csv = useMutation(NetworkService.method.exportContacts, { meta: { handlesErrors: true } });
  const vcards = useMutation(NetworkService.method.exportVCards, { meta: { handlesErrors: true } });
  const saveAs = (fallback: string) => ({
    onSuccess: (res: { file?: { data: Uint8Array; contentType: string }; filename: string }) => {
      if (res.file) downloadFile(res.file.data, res.file.contentType, res.filename || fallback);
    },
    onError: (err: unknown) => {
      if (!handledByApp(err)) toast.error(m.exportError);
    },
  });
  return {
    csv: () => csv.mutate({}, saveAs("contacts-tremplin.csv")),
    vcard: (contactId) => {
      if (!gate.allow()) return;
      vcards.mutate({ contactId: contactId ?? "" }, saveAs(contactId ? "contact.vcf" : "contacts-tremplin.vcf"));
    },
    pending: csv.isPending || vcards.isPending,
    premium: gate.premium,
  };
}
