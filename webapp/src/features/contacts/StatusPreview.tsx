// The status the contact will have once saved, previewed under its ways of being reached.
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { networkMessages } from "../../lib/messages/network";
import { brand } from "../../lib/theme";
import { StatusChip } from "./StatusChip";

const f = networkMessages.form;

export function StatusPreview({ status, taskNext }: { status: ContactStatus; taskNext: boolean }) {
  const incomplete = status === ContactStatus.INCOMPLETE;
  return (
    <Box
      role="status"
      data-testid="status-preview"
      sx={{ display: "flex", gap: 1.25, alignItems: "flex-start", p: 1.5, borderRadius: "12px", bgcolor: incomplete ? "#FFFBEB" : "#F8FAFF", border: `1px solid ${incomplete ? "#FDE68A" : brand.border}` }}
    >
      <InfoOutlined sx={{ color: incomplete ? "#B45309" : "primary.main", mt: "2px" }} fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {f.statusPreview}
          </Typography>
          <StatusChip status={status} />
        </Box>
        {(incomplete || taskNext) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {incomplete ? f.incompleteHint : f.reachableHint}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
