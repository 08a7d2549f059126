// A stand-in for MUI's `createTheme` in the production build (vite.config.ts, plugin
// "tremplin-theme-without-vars"). MUI's own answers `createThemeNoVars(options, ...args)` for a
// theme without CSS variables nor colour schemes — the app's (lib/theme.ts), and the default
// theme MUI builds for itself — and imports `createThemeWithVars` for the others: 23 kB of
// code (≈5 kB gzip) that /login and every screen loaded for nothing. This module keeps the
// path the app takes and refuses the other loudly, so turning CSS variables on later fails at
// the first paint rather than silently (take the plugin out then).
// createThemeNoVars is not in @mui/material's exports: it is imported by its file.
import createThemeNoVars, { type ThemeOptions as OptionsWithoutVars } from "../../../node_modules/@mui/material/styles/createThemeNoVars.mjs";
import type { Theme, ThemeOptions } from "@mui/material/styles";

export default function createTheme(options: ThemeOptions = {}, ...args: object[]): Theme {
  if ("cssVariables" in options || "colorSchemes" in options) {
    throw new Error("The build leaves MUI's CSS variables and colour schemes out: see vite.config.ts, tremplin-theme-without-vars.");
  }
  // The same options, typed by MUI for either kind of theme (its own createTheme passes them so).
  return createThemeNoVars(options as OptionsWithoutVars, ...args) as Theme;
}
