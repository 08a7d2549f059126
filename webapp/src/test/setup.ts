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
