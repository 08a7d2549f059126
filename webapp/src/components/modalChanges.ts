// How a window's body tells its window (ModalFrame) whether it holds changes, so that Escape
// asks before discarding them. Every modal form says so; a body that does not is judged by
// what was typed into it.
import { createContext, useContext, useEffect } from "react";

export const ModalChangesContext = createContext<((changed: boolean | undefined) => void) | null>(null);

/** `changed`: the form differs from what it opened with. Outside a window it does nothing. */
export function useUnsavedChanges(changed: boolean): void {
  const report = useContext(ModalChangesContext);
  useEffect(() => {
    report?.(changed);
  }, [report, changed]);
  useEffect(() => () => report?.(undefined), [report]);
}

/** Two form values alike (plain data: strings, numbers, arrays and objects of them). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
