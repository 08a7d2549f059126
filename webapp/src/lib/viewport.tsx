// The viewport width, re-read on resize with a 500 ms debounce (spec section 2), shared by the
// whole app through one listener.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

export const MOBILE_MAX = 768;
export const TABLET_MAX = 1024;
export const DESKTOP_MIN = 990;
export const LAYOUT_WIDTH = 1124;
export const RESIZE_DEBOUNCE_MS = 500;

export type Viewport = { width: number; isMobile: boolean; isTablet: boolean; isDesktop: boolean };

export function viewportFor(width: number): Viewport {
  return {
    width,
    isMobile: width <= MOBILE_MAX,
    isTablet: width > MOBILE_MAX && width <= TABLET_MAX,
    isDesktop: width > DESKTOP_MIN,
  };
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

const ViewportContext = createContext<Viewport>(viewportFor(1280));

export function ViewportProvider({ children }: { children: ReactNode }) {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = debounce(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    window.addEventListener("resize", onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return <ViewportContext.Provider value={viewportFor(width)}>{children}</ViewportContext.Provider>;
}

export function useViewport(): Viewport {
  return useContext(ViewportContext);
}
