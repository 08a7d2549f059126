// The actions of one contact (spec section 2): add a task or an interview, edit, download the
// card (.vcf), delete — delete disabled with the reason when the contact may not be deleted.
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import ContactPhoneRounded from "@mui/icons-material/ContactPhoneRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import { RowMenu, RowMenuItem } from "../../components/RowMenu";
import { addActivityItems } from "../../components/activity/addActivityItems";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import { deleteBlock, deleteBlockMessage } from "./deletion";
import { fullName } from "./names";

const m = networkMessages.actions;

export type ActionHandlers = {
  onAddTask: () => void;
  onAddInterview: () => void;
  onEdit?: () => void;
  /** Download the contact's card (.vcf); premium, gated by the handler. */
  onExportVCard: () => void;
  onDelete: () => void;
};

export function ContactActionsMenu({
  contact,
  handlers,
  label,
}: {
  contact: Pick<Contact, "firstName" | "lastName" | "isDeletable" | "status">;
  handlers: ActionHandlers;
  /** The button's accessible name (default: "Actions pour <name>"). */
  label?: string;
}) {
  const block = deleteBlock(contact);
  return (
    <RowMenu label={label ?? m.menu(fullName(contact))} maxWidth={300}>
      {(id) => [
        ...addActivityItems(handlers, m),
        handlers.onEdit && (
          <RowMenuItem key="edit" onClick={handlers.onEdit} icon={<EditRounded fontSize="small" />}>
            {m.edit}
          </RowMenuItem>
        ),
        <RowMenuItem key="vcard" onClick={handlers.onExportVCard} icon={<ContactPhoneRounded fontSize="small" />}>
          {m.exportVCard}
        </RowMenuItem>,
        <Divider key="divider" />,
        <RowMenuItem key="delete" onClick={handlers.onDelete} danger disabled={Boolean(block)} describedBy={block ? `${id}-why` : undefined} icon={<DeleteOutlineRounded fontSize="small" />}>
          {m.delete}
        </RowMenuItem>,
        block && (
          <Box key="why" component="li" role="none" sx={{ px: 2, pb: 1, pt: 0.25 }}>
            <Typography id={`${id}-why`} variant="caption" color="text.secondary" data-testid="delete-disabled-reason" sx={{ display: "block", lineHeight: 1.4 }}>
              {deleteBlockMessage(block)}
            </Typography>
          </Box>
        ),
      ]}
    </RowMenu>
  );
}
