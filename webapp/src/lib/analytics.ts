// Page-view analytics. The product sends a page-view event with the current path on each path
// change; no analytics provider is wired yet, so the event goes nowhere (no third-party script).
import { useEffect } from "react";
import { useLocation } from "react-router";

export type PageViewSink = (path: string) => void;

let sink: PageViewSink = () => {};

/** Lets a future analytics provider (loaded only after consent) receive page views. */
export function setPageViewSink(next: PageViewSink): void {
  sink = next;
}

export function trackPageView(path: string): void {
  sink(path);
}

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
}
