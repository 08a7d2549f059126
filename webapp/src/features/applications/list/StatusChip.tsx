import Chip from "@mui/material/Chip";
import type { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { statusInfo } from "./model";

/** The status of an application, in the colours of the list, the board and the details page. */
export function StatusChip({ status, testId }: { status: ApplicationStatus; testId?: string }) {
  const info = statusInfo(status);
  return (
    <Chip
      size="small"
      label={info.label}
      data-status={info.key}
      data-testid={testId}
      sx={{ bgcolor: info.bg, color: info.fg, fontWeight: 600, height: 24, "& .MuiChip-label": { px: 1 } }}
    />
  );
}
