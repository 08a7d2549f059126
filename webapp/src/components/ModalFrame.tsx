import { useCallback, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import CloseRounded from "@mui/icons-material/CloseRounded";
import HelpOutlineRounded from "@mui/icons-material/HelpOutlineRounded";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import WarningAmberRounded from "@mui/icons-material/WarningAmberRounded";
import { useViewport } from "../lib/viewport";
import { IconBadge } from "./IconBadge";
import type { ModalSpec } from "./ModalHost";
import { screenMessages } from "../lib/messages/screens";

export default function ModalFrame({
  spec,
  open,
  onClose,
  onExited,
}: {
  spec: ModalSpec;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { isMobile } = useViewport();
  const [busy, setBusy] = useState(false);
  const titleId = "modal-title";

  const dismiss = useCallback(() => {
    if (busy) return;
    if (spec.kind === "confirmation") spec.onCancel?.();
    if (spec.kind === "information") spec.onClose?.();
    onClose();
  }, [busy, spec, onClose]);

  const illustration = (() => {
    switch (spec.kind) {
      case "confirmation":
        return spec.tone === "danger" ? (
          <IconBadge tone="danger" size={56}>
            <WarningAmberRounded />
          </IconBadge>
        ) : (
          <IconBadge tone="primary" size={56}>
            <HelpOutlineRounded />
          </IconBadge>
        );
      case "information":
        return (
          <IconBadge tone="info" size={56}>
            <InfoOutlined />
          </IconBadge>
        );
      case "custom":
        return spec.illustration ? (
          <IconBadge tone={spec.tone ?? "primary"} size={56}>
            {spec.illustration}
          </IconBadge>
        ) : null;
    }
  })();

  const confirm = async () => {
    if (spec.kind !== "confirmation") return;
    setBusy(true);
    try {
      await spec.onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={dismiss}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={spec.kind === "custom" ? (spec.maxWidth ?? "xs") : "xs"}
      slotProps={{ transition: { onExited } }}
      sx={{ "& .MuiDialog-paper": { m: isMobile ? 2 : 4, width: isMobile ? "calc(100% - 32px)" : undefined } }}
    >
      <IconButton
        onClick={dismiss}
        aria-label={screenMessages.modals.close}
        sx={{ position: "absolute", right: 10, top: 10, color: "text.secondary" }}
      >
        <CloseRounded />
      </IconButton>
      <Box sx={{ px: { xs: 3, sm: 4 }, pt: 4, pb: 1, display: "flex", flexDirection: "column", alignItems: "center", gap: 2, textAlign: "center" }}>
        {illustration}
        <Typography id={titleId} variant="h3" component="h2">
          {spec.title}
        </Typography>
      </Box>
      {spec.kind === "custom" ? (
        <DialogContent sx={{ px: { xs: 3, sm: 4 }, pb: 4 }}>{spec.render(onClose)}</DialogContent>
      ) : (
        <>
          <DialogContent sx={{ px: { xs: 3, sm: 4 }, textAlign: "center" }}>
            <Typography color="text.secondary" component="div">
              {spec.message}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 3.5, pt: 1, gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
            {spec.kind === "confirmation" ? (
              <>
                <Button variant="outlined" color="inherit" onClick={dismiss} disabled={busy} sx={{ minWidth: 120, borderColor: "divider" }}>
                  {spec.cancelLabel ?? screenMessages.modals.cancel}
                </Button>
                <Button
                  variant="contained"
                  color={spec.tone === "danger" ? "error" : "primary"}
                  onClick={() => void confirm()}
                  loading={busy}
                  sx={{ minWidth: 120 }}
                >
                  {spec.confirmLabel ?? screenMessages.modals.confirm}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={dismiss} sx={{ minWidth: 160 }} autoFocus>
                {screenMessages.modals.understand}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

