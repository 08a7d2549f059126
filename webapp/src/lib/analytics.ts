// Page views, first party: on each path change, the screen's route pattern ("/contact/:id",
// never the path, its id nor its query) goes to our own server (POST /api/page-views), which
// counts it by day and role. No cookie of its own, no third party: audience measurement exempt
// from consent (CNIL), as the legal notice says. Unmatched paths (about to redirect) send
// nothing. The sink is injected: the app's boot (main.tsx) installs the beacon, tests install
// their own or none, so nothing leaves a unit test.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { routePattern, type Audience } from "./routes";

export type PageViewSink = (route: string) => void;

const PAGE_VIEWS_URL = "/api/page-views";

let sink: PageViewSink = () => {};

/** Replaces where page views go (main.tsx: `beaconSink`); returns the previous sink. */
export function setPageViewSink(next: PageViewSink): PageViewSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Hands a route pattern to the sink; a failing sink never breaks the screen. */
export function trackPageView(route: string): void {
  try {
    sink(route);
  } catch {
    // Counting a view is never worth an error on screen.
  }
}

/**
 * Sends one page view: a beacon (it survives the page being left, and waits for no answer),
 * or a keepalive fetch where beacons are missing or refused. Never throws, never rejects.
 */
export function beaconSink(route: string): void {
  const body = JSON.stringify({ route });
  try {
    const blob = new Blob([body], { type: "application/json" });
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(PAGE_VIEWS_URL, blob)) return;
  } catch {
    // sendBeacon throws on some browsers for a non-form content type: fetch below.
  }
  try {
    void fetch(PAGE_VIEWS_URL, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true, credentials: "same-origin" }).catch(() => {});
  } catch {
    // No fetch either: the view is not counted.
  }
}

/**
 * Records the screen of each new path for this audience, once the session is known (`ready`:
 * until then the audience is not, and the screen would be counted twice). A change of query
 * alone (filters) is the same screen and is not counted again; nor is a path the audience
 * cannot open (it is about to redirect, and the screen it lands on is counted).
 */
export function usePageViews(audience: Audience, ready = true): void {
  const { pathname, search } = useLocation();
  const pattern = ready ? routePattern(audience, pathname, search) : undefined;
  useEffect(() => {
    if (pattern) trackPageView(pattern);
    // The path is a dependency on purpose: a new address of the same pattern (another
    // contact) is another view.
  }, [pathname, pattern]);
}
