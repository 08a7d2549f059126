import Chip from "@mui/material/Chip";
import type { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { statusInfo } from "./model";

export function StatusChip({ status }: { status: ApplicationStatus }) {
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
