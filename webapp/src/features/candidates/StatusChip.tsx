import Chip from "@mui/material/Chip";
import type { UserStatus } from "../../gen/tremplin/common/v1/common_pb";
import { statusInfo } from "./model";

/** A candidate's status (spec section 3), in its colour. */
export function StatusChip({ status }: { status: UserStatus }) {
  const info = statusInfo(status);
  return (
    <Chip
      size="small"
      label={info.chip}
      data-status={info.key}
      sx={{ bgcolor: info.bg, color: info.color, fontWeight: 600, height: 24, maxWidth: "100%", "& .MuiChip-label": { px: 1 } }}
    />
  );
}
