// One window of the modal host. Two rules hold for every window, whatever its body:
// - Escape (or a click beside it, or its close button) on a form with changes asks before
//   discarding them; without changes it closes at once. A body says whether it has changes
//   with useUnsavedChanges; one that does not is judged by what was typed into it.
// - Toasts are not drawn over it: it shows them at its top, and drops one whose message it
//   already shows (a form's own error is never repeated as a toast).
import { useCallback, useLayoutEffect, useRef, useState } from "react";
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
import { ModalChangesContext } from "./modalChanges";
import { ToastAlert } from "./ToastStack";
import { useToastHost } from "./Toasts";
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
  // Changes: as the body reports them (undefined: it does not), or typed into it.
  const [reported, setReported] = useState<boolean | undefined>(undefined);
  const [typed, setTyped] = useState(false);
  const changed = reported ?? typed;
  const [asking, setAsking] = useState(false);

  const dismiss = useCallback(() => {
    if (busy) return;
    if (spec.kind === "confirmation") spec.onCancel?.();
    if (spec.kind === "information") spec.onClose?.();
    onClose();
  }, [busy, spec, onClose]);
  // Escape, a click beside the window, its close button: ask first when changes would be lost.
  const leave = useCallback(() => {
    if (spec.kind === "custom" && changed) setAsking(true);
    else dismiss();
  }, [spec.kind, changed, dismiss]);

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
    <ModalChangesContext.Provider value={setReported}>
    <Dialog
      open={open}
      onClose={leave}
      onInput={() => setTyped(true)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={spec.kind === "custom" ? (spec.maxWidth ?? "xs") : "xs"}
      slotProps={{ transition: { onExited } }}
      sx={{ "& .MuiDialog-paper": { m: isMobile ? 2 : 4, width: isMobile ? "calc(100% - 32px)" : undefined } }}
    >
      <IconButton
        onClick={leave}
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
      <DialogToasts />
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
    {asking && (
      <Dialog open onClose={() => setAsking(false)} aria-labelledby="discard-title" aria-describedby="discard-text" maxWidth="xs" fullWidth>
        <Box sx={{ px: { xs: 3, sm: 4 }, pt: 4, pb: 1, textAlign: "center" }}>
          <Typography id="discard-title" variant="h3" component="h2">
            {screenMessages.modals.discardTitle}
          </Typography>
        </Box>
        <DialogContent sx={{ px: { xs: 3, sm: 4 }, textAlign: "center" }}>
          <Typography id="discard-text" color="text.secondary">
            {screenMessages.modals.discardText}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 3.5, pt: 1, gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
          <Button variant="outlined" color="inherit" onClick={() => setAsking(false)} autoFocus sx={{ borderColor: "divider" }}>
            {screenMessages.modals.keepEditing}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setAsking(false);
              dismiss();
            }}
          >
            {screenMessages.modals.discard}
          </Button>
        </DialogActions>
      </Dialog>
    )}
    </ModalChangesContext.Provider>
  );
}

/**
 * The toasts while this window is open, at its top: drawn over it they would hide its fields
 * on a phone. One whose message the window already shows (a form's error) is dropped.
 */
function DialogToasts() {
  const host = useToastHost();
  const region = useRef<HTMLDivElement>(null);
  const toasts = host?.toasts ?? [];
  useLayoutEffect(() => {
    host?.setCovered(true);
    return () => host?.setCovered(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per window, not per toast
  }, [host?.setCovered]);
  useLayoutEffect(() => {
    const paper = region.current?.closest(".MuiDialog-paper");
    if (!paper || !host) return;
    const own = (paper.textContent ?? "").replace(region.current?.textContent ?? "", "");
    for (const t of host.toasts) if (own.includes(t.message)) host.dismiss(t.id);
  }, [host]);
  return (
    <Box ref={region} aria-live="polite" data-testid="dialog-toasts" sx={{ px: { xs: 2, sm: 3 }, display: "flex", flexDirection: "column", gap: 1, "&:not(:empty)": { pt: 1.5 } }}>
      {toasts.map((t) => (
        <ToastAlert key={t.id} toast={t} onClose={() => host?.dismiss(t.id)} />
      ))}
    </Box>
  );
}

