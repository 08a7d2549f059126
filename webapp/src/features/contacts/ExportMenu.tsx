// The list's « Exporter » button: a menu of the two files — a spreadsheet (CSV) and the phone's
// format (vCard, premium, with its badge for a non-subscriber).
import { useId, useState } from "react";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ContactPhoneRounded from "@mui/icons-material/ContactPhoneRounded";
import DownloadRounded from "@mui/icons-material/DownloadRounded";
import TableChartRounded from "@mui/icons-material/TableChartRounded";
import { PremiumBadge } from "../../components/PremiumBadge";
import { networkMessages } from "../../lib/messages/network";
import { useContactExport } from "./useContactExport";

const m = networkMessages.list;

export function ExportMenu({ disabled }: { disabled: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const exports = useContactExport();
  const pick = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DownloadRounded />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        loading={exports.pending}
        disabled={disabled}
        sx={{ borderColor: "divider", bgcolor: "background.paper", flex: { xs: 1, sm: "none" } }}
      >
        {m.export}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-label": m.exportMenu } }}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <MenuItem onClick={pick(exports.csv)}>
          <ListItemIcon>
            <TableChartRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={m.exportCsv} secondary={m.exportCsvHint} />
        </MenuItem>
        <MenuItem onClick={pick(() => exports.vcard())}>
          <ListItemIcon>
            <ContactPhoneRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={m.exportVCard} secondary={m.exportVCardHint} />
          {!exports.premium && <PremiumBadge compact />}
        </MenuItem>
      </Menu>
    </>
  );
}
