// The delete-candidate modal (spec sections 2 and 5): who is about to be deleted, and the
// warning that all their data goes with them.
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { fullName } from "./model";

const d = agencyMessages.deleteModal;

/** At most this many names are listed; the title says how many go. */
const NAMES_SHOWN = 8;

export function DeleteCandidates({
  candidates,
  close,
  onConfirm,
}: {
  candidates: readonly User[];
  close: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      close();
    }
  };
  const more = candidates.length - NAMES_SHOWN;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box component="ul" aria-label={d.title(candidates.length)} sx={{ m: 0, pl: 2.5, color: "text.primary" }}>
        {candidates.slice(0, NAMES_SHOWN).map((c) => (
          <Typography component="li" key={c.id}>
            <strong>{fullName(c)}</strong>{" "}
            <Typography component="span" variant="body2" color="text.secondary">
              ({c.email})
            </Typography>
          </Typography>
        ))}
        {more > 0 && (
          <Typography component="li" color="text.secondary">
            … +{more}
          </Typography>
        )}
      </Box>
      <Alert severity="warning" data-testid="delete-warning">
        {d.warning}
      </Alert>
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1.25, flexWrap: "wrap-reverse", "& > .MuiButton-root": { flex: { xs: "1 1 auto", sm: "0 0 auto" } } }}>
        <Button variant="outlined" color="inherit" onClick={close} disabled={busy} sx={{ borderColor: "divider" }}>
          {d.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} loading={busy}>
          {d.confirm}
        </Button>
      </Box>
    </Box>
  );
}
