import { createTheme as muiCreateTheme } from "@mui/material/styles";
import { frFR } from "@mui/material/locale";
import { describe, expect, it } from "vitest";
import { themeOptions } from "../theme";
import createTheme from "./createTheme";

// What a theme's users read of it: every value, and each function by what it answers for 2
// (spacing(2), breakpoints' down(2)…) where it takes a number.
function answer(f: (a: number) => unknown): string {
  try {
    return `fn:${JSON.stringify(f(2))}`;
  } catch {
    return "fn";
  }
}
const shape = (t: object) => JSON.stringify(t, (_, v: unknown) => (typeof v === "function" ? answer(v as (a: number) => unknown) : v));

describe("the build's createTheme", () => {
  it("builds the theme MUI builds, for the app's options, with and without the French locale, and for MUI's default", () => {
    expect(shape(createTheme(themeOptions))).toBe(shape(muiCreateTheme(themeOptions)));
    expect(shape(createTheme(themeOptions, frFR))).toBe(shape(muiCreateTheme(themeOptions, frFR)));
    expect(shape(createTheme())).toBe(shape(muiCreateTheme()));
  });

  it("refuses CSS variables and colour schemes, which the build leaves out", () => {
    expect(() => createTheme({ cssVariables: true })).toThrow(/CSS variables/);
    expect(() => createTheme({ colorSchemes: { dark: true } })).toThrow(/CSS variables/);
  });
});
