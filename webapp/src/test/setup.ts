import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// Screens load lazily: give them time on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

// Dates are shown in the user's time zone; the tests pin the product's default.
process.env.TZ = "Europe/Paris";

// jsdom has no layout and does not implement scrolling; the app scrolls on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
});

// Each render makes its own emotion cache (AppProviders), whose <style> tags stay in <head>
// after the render is unmounted: every getComputedStyle (the role queries' visibility checks,
// user-event's pointer checks) then walks all the sheets of all the earlier tests.
afterEach(() => {
  for (const style of document.head.querySelectorAll("style[data-emotion]")) style.remove();
});
