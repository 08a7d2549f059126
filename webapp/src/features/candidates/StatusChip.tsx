import Chip from "@mui/material/Chip";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { statusChip, statusInfo } from "./model";

/** A candidate's status (spec section 3), in its colour, in the candidate's terms. */
export function StatusChip({ candidate }: { candidate: Pick<User, "status" | "isB2c"> }) {
  const info = statusInfo(candidate.status);
  return (
    <Chip
      size="small"
      label={statusChip(candidate)}
      data-status={info.key}
      sx={{ bgcolor: info.bg, color: info.color, fontWeight: 600, height: 24, maxWidth: "100%", "& .MuiChip-label": { px: 1 } }}
    />
  );
}
