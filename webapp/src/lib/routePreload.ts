// Starting a screen's code and data before it is shown: links call `preloadRoute` when the
// pointer or the focus comes on them; the app (App.tsx) says what preloading a path means for
// the current user (pages.tsx). Kept here so that shared components need not know the pages.

type Preloader = (path: string) => void;

let preloader: Preloader = () => {};

/** Sets what preloading a path does; returns a function putting the previous one back. */
export function setRoutePreloader(next: Preloader): () => void {
  const previous = preloader;
  preloader = next;
  return () => {
    if (preloader === next) preloader = previous;
  };
}

/** Starts downloading the screen at `path` and its data, if the current user may open it. */
export function preloadRoute(path: string): void {
  preloader(path);
}

/** Props for a link to `to`: start its screen when the user shows the intent to open it. */
export function preloadOnIntent(to: string) {
  const start = () => preloadRoute(to);
  return { onMouseEnter: start, onFocus: start, onTouchStart: start };
}
