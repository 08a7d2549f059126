// The actions of one contact (spec section 2): add a task or an interview, edit, delete —
// delete disabled with the reason when the contact may not be deleted.
import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import MoreVertRounded from "@mui/icons-material/MoreVertRounded";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import { deleteBlock, deleteBlockMessage, fullName } from "./model";

const m = networkMessages.actions;

export type ActionHandlers = {
  onAddTask: () => void;
  onAddInterview: () => void;
  onEdit?: () => void;
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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const block = deleteBlock(contact);
  const run = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  return (
    <>
      <IconButton
        aria-label={label ?? m.menu(fullName(contact))}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <MoreVertRounded />
      </IconButton>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 230, maxWidth: 300 } } }}
      >
        <MenuItem onClick={run(handlers.onAddTask)}>
          <ListItemIcon>
            <AddTaskRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.addTask}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(handlers.onAddInterview)}>
          <ListItemIcon>
            <EventAvailableRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.addInterview}</ListItemText>
        </MenuItem>
        {handlers.onEdit && (
          <MenuItem onClick={run(handlers.onEdit)}>
            <ListItemIcon>
              <EditRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText>{m.edit}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={run(handlers.onDelete)} disabled={Boolean(block)} aria-describedby={block ? `${id}-why` : undefined} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlineRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.delete}</ListItemText>
        </MenuItem>
        {block && (
          <Box component="li" role="none" sx={{ px: 2, pb: 1, pt: 0.25 }}>
            <Typography id={`${id}-why`} variant="caption" color="text.secondary" data-testid="delete-disabled-reason" sx={{ display: "block", lineHeight: 1.4 }}>
              {deleteBlockMessage(block)}
            </Typography>
          </Box>
        )}
      </Menu>
    </>
  );
}
