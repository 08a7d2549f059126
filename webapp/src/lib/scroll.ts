// Scroll on navigation, as a multi-page site behaves: a new page opens at its top; Back (and
// Forward) brings the page back where the user left it. The browser's own restoration is turned
// off because it runs before a lazy screen has rendered its list.
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useLocation, useNavigationType } from "react-router";

/** How long a restored position waits for the page to grow tall enough (a list loading). */
const RESTORE_WINDOW_MS = 2000;

export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const remember = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions.current.get(location.key);
    if (navigationType !== "POP" || saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    // The page may still be loading: try again each frame until it is tall enough.
    const until = performance.now() + RESTORE_WINDOW_MS;
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      window.scrollTo(0, saved);
      if (!reachable && performance.now() < until) frame = window.requestAnimationFrame(restore);
    };
    restore();
    return () => window.cancelAnimationFrame(frame);
  }, [location.key, navigationType]);
}

/**
 * A step of a modal opens at its top: on mount, every scrolled box around the element the ref
 * is given to (the dialog's content, the dialog on a phone) goes back to its top. A modal is
 * rendered in its own layer under <body>, so the page below keeps its position.
 */
export function useOpensAtTop<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    for (let el = ref.current?.parentElement; el && el !== document.body; el = el.parentElement) {
      if (el.scrollTop > 0) el.scrollTop = 0;
    }
  }, []);
  return ref;
}
