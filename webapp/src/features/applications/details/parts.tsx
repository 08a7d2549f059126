// The pieces of /application/{id} of its own (the panels and rows, and a panel's failed state, are
// components/DetailsPanel): the value left empty. The status chip is the list's (list/StatusChip).
import Typography from "@mui/material/Typography";
import { applicationMessages } from "../../../lib/messages/applications";

const d = applicationMessages.details;

export function None() {
  return <Typography color="text.secondary">{d.none}</Typography>;
}
