// The modal host: one modal at a time. Opening a modal replaces the one on screen. Kinds
// available now: confirmation (cancel / confirm), information (an "understand" button) and
// custom (a feature brings its own content: reset-password today, the entity forms later).
// The dialog itself (MUI's modal machinery) loads with the first modal opened, not with the
// login page.
// A modal belongs to the page and the user it was opened for: when the address or the signed-in
// user changes (a lost session, a redirection to the subscription page…) it is dropped at once,
// without its closing animation, so that its content never renders again for a user who is gone
// (a body reading useUser() would throw) nor over another page.
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useSession } from "../lib/session";
import type { Tone } from "./IconBadge";

const ModalFrame = lazy(() => import("./ModalFrame"));

export type ConfirmationModal = {
  kind: "confirmation";
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" for destructive actions (deletions). */
  tone?: "default" | "danger";
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
};

export type InformationModal = {
  kind: "information";
  title: string;
  message: ReactNode;
  onClose?: () => void;
};

export type CustomModal = {
  kind: "custom";
  title: string;
  illustration?: ReactNode;
  tone?: Tone;
  /** Renders the body; `close` dismisses the modal. */
  render: (close: () => void) => ReactNode;
  maxWidth?: "xs" | "sm" | "md";
};

export type ModalSpec = ConfirmationModal | InformationModal | CustomModal;

export type ModalApi = {
  open: (modal: ModalSpec) => void;
  confirm: (modal: Omit<ConfirmationModal, "kind">) => void;
  inform: (modal: Omit<InformationModal, "kind">) => void;
  close: () => void;
};

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ id: number; spec: ModalSpec } | null>(null);
  const [open, setOpen] = useState(false);

  // Dropped while rendering (not in an effect): the modal's body must not render once more with
  // the new session or address before it goes.
  const { user } = useSession();
  const { pathname } = useLocation();
  const scope = user?.id + pathname;
  const [openedIn, setOpenedIn] = useState(scope);
  if (openedIn !== scope) {
    setOpenedIn(scope);
    setCurrent(null);
  }

  const api = useMemo<ModalApi>(() => {
    let seq = 0;
    const show = (spec: ModalSpec) => {
      seq += 1;
      setCurrent({ id: seq, spec });
      setOpen(true);
    };
    return {
      open: show,
      confirm: (m) => show({ kind: "confirmation", ...m }),
      inform: (m) => show({ kind: "information", ...m }),
      close: () => setOpen(false),
    };
  }, []);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ModalFrame
            key={current.id}
            spec={current.spec}
            open={open}
            onClose={() => setOpen(false)}
            onExited={() => setCurrent((c) => (c?.id === current.id ? null : c))}
          />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModals must be used inside <ModalProvider>");
  return api;
}
