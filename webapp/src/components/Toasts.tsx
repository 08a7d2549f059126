// Toasts: error, warning and success, stacked at the bottom of the screen (never over the
// header or the page's main buttons), dismissed after a few seconds or by their close button.
// No progress bar.
// While a window (ModalHost) is open the stack is not drawn over it: the window shows the
// toasts itself, at its top (DialogToasts), and one whose message the window already shows is
// dropped — it is never said twice. The clock of each toast runs here, wherever it is shown.
// The stack itself (MUI Alert and its transition) loads with the first toast.
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

const ToastStack = lazy(() => import("./ToastStack"));

export type ToastSeverity = "error" | "warning" | "success";

export type Toast = { id: number; severity: ToastSeverity; message: string };

export type ToastApi = {
  success: (message: string) => void;
  warning: (message: string) => void;
  error: (message: string) => void;
};

/** What the open window needs to show the toasts in its place. */
export type ToastHost = {
  toasts: Toast[];
  dismiss: (id: number) => void;
  /** A window is open (true) or closed (false): the stack is drawn only when none is. */
  setCovered: (covered: boolean) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
const ToastHostContext = createContext<ToastHost | null>(null);

const MAX_VISIBLE = 3;

export const TOAST_DURATION: Record<ToastSeverity, number> = { success: 5000, warning: 7000, error: 8000 };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [covered, setCovered] = useState(false);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);

  const push = useCallback(
    (severity: ToastSeverity, message: string) => {
      const id = nextId.current++;
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION[severity]),
      );
      setToasts((all) => {
        // The same message twice in a row is shown once.
        const rest = all.filter((t) => !(t.message === message && t.severity === severity));
        return [...rest, { id, severity, message }].slice(-MAX_VISIBLE);
      });
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push("success", m),
      warning: (m) => push("warning", m),
      error: (m) => push("error", m),
    }),
    [push],
  );
  const host = useMemo<ToastHost>(() => ({ toasts, dismiss, setCovered }), [toasts, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <ToastHostContext.Provider value={host}>
        {children}
        {toasts.length > 0 && !covered && (
          <Suspense fallback={null}>
            <ToastStack toasts={toasts} onDismiss={dismiss} />
          </Suspense>
        )}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

/** For the modal host only: the toasts to show inside the open window. */
export function useToastHost(): ToastHost | null {
  return useContext(ToastHostContext);
}
