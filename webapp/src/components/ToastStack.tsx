import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grow from "@mui/material/Grow";
import type { Toast, ToastSeverity } from "./Toasts";
import { screenMessages } from "../lib/messages/screens";

const DURATION: Record<ToastSeverity, number> = { success: 5000, warning: 7000, error: 8000 };

export default function ToastStack({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <Box
      aria-live="polite"
      sx={{
        position: "fixed",
        zIndex: (t) => t.zIndex.snackbar,
        top: { xs: 12, sm: 80 },
        left: { xs: 12, sm: "auto" },
        right: { xs: 12, sm: 24 },
        width: { sm: 400 },
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

