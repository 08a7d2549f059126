import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

// Dates are shown in the user's time zone; the tests pin the product's default.
process.env.TZ = "Europe/Paris";

afterEach(() => {
  cleanup();
});
