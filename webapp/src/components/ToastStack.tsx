import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grow from "@mui/material/Grow";
import type { Toast, ToastSeverity } from "./Toasts";
import { screenMessages } from "../lib/messages/screens";

const DURATION: Record<ToastSeverity, number> = { success: 5000, warning: 7000, error: 8000 };

/**
 * Where the toasts stand: at the bottom of the screen, never over the header (its menu, its
 * burger) nor over the page's title and main buttons at its top. On a phone they stand above
 * the floating add button's corner (16 + 56 + 16 px); wider, in the bottom-left corner, away
 * from that button (bottom-right).
 */
const TOAST_PLACE = {
  bottom: { xs: 88, sm: 24 },
  left: { xs: 12, sm: 24 },
  right: { xs: 12, sm: "auto" },
  width: { sm: 400 },
} as const;

export default function ToastStack({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <Box
      aria-live="polite"
      sx={{
        position: "fixed",
        zIndex: (t) => t.zIndex.snackbar,
        ...TOAST_PLACE,
        display: "flex",
        flexDirection: "column",
        gap: 1.25,
        pointerEvents: "none",
      }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => onDismiss(t.id)} />
      ))}
    </Box>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), DURATION[toast.severity]);
    return () => clearTimeout(timer);
  }, [toast.id, toast.severity]);
  return (
    <Grow in appear>
      <Alert
        data-testid="toast"
        data-severity={toast.severity}
        severity={toast.severity}
        variant="filled"
        onClose={onClose}
        slotProps={{ closeButton: { title: screenMessages.toasts.close, "aria-label": screenMessages.toasts.close } }}
        sx={{
          pointerEvents: "auto",
          boxShadow: "0 10px 30px rgba(30,34,53,0.18)",
          fontWeight: 500,
          alignItems: "flex-start",
          "& .MuiAlert-message": { pt: "9px" },
        }}
      >
        {toast.message}
      </Alert>
    </Grow>
  );
}

