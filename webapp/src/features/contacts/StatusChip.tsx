import Chip from "@mui/material/Chip";
import type { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { statusInfo } from "./status";

export function StatusChip({ status }: { status: ContactStatus }) {
  const info = statusInfo(status);
  return (
    <Chip
      size="small"
      label={info.label}
      data-status={info.key}
      sx={{ bgcolor: info.bg, color: info.fg, fontWeight: 600, height: 24, "& .MuiChip-label": { px: 1 } }}
    />
  );
}
