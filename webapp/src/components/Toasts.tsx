// Toasts: error, warning and success, stacked at the bottom of the screen (never over the
// header or the page's main buttons), dismissed after a few seconds or by their close button.
// No progress bar.
// The stack itself (MUI Alert and its transition) loads with the first toast.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

const ToastStack = lazy(() => import("./ToastStack"));

export type ToastSeverity = "error" | "warning" | "success";

export type Toast = { id: number; severity: ToastSeverity; message: string };

export type ToastApi = {
  success: (message: string) => void;
  warning: (message: string) => void;
  error: (message: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const push = useCallback((severity: ToastSeverity, message: string) => {
    const id = nextId.current++;
    setToasts((all) => {
      // The same message twice in a row is shown once.
      const rest = all.filter((t) => !(t.message === message && t.severity === severity));
      return [...rest, { id, severity, message }].slice(-MAX_VISIBLE);
    });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push("success", m),
      warning: (m) => push("warning", m),
      error: (m) => push("error", m),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
