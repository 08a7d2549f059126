import Alert, { type AlertProps } from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grow from "@mui/material/Grow";
import type { SxProps, Theme } from "@mui/material/styles";
import type { Toast } from "./Toasts";
import { screenMessages } from "../lib/messages/screens";

/**
 * Where the toasts stand: at the bottom of the screen, never over the header (its menu, its
 * burger) nor over the page's title and main buttons at its top. On a phone they stand above
 * the floating add button's corner (16 + 56 + 16 px); wider, in the bottom-left corner, away
 * from that button (bottom-right). Never over an open window: it shows them itself.
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
      data-testid="toast-stack"
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
        <Grow key={t.id} in appear>
          <ToastAlert toast={t} onClose={() => onDismiss(t.id)} sx={{ pointerEvents: "auto", boxShadow: "0 10px 30px rgba(30,34,53,0.18)" }} />
        </Grow>
      ))}
    </Box>
  );
}

/** One toast: the stack's and the open window's (DialogToasts). */
export function ToastAlert({ toast, onClose, sx, ...rest }: { toast: Toast; onClose: () => void; sx?: SxProps<Theme> } & Omit<AlertProps, "onClose" | "sx">) {
  return (
    <Alert
      {...rest}
      data-testid="toast"
      data-severity={toast.severity}
      severity={toast.severity}
      variant="filled"
      onClose={onClose}
      slotProps={{ closeButton: { title: screenMessages.toasts.close, "aria-label": screenMessages.toasts.close } }}
      sx={[{ fontWeight: 500, alignItems: "flex-start", "& .MuiAlert-message": { pt: "9px" } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {toast.message}
    </Alert>
  );
}
