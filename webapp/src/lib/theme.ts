// The Tremplin look: a calm indigo, a warm amber accent, generous radii and Inter.
import { alpha, createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";
import { messages } from "./messages";
import { MOBILE_MAX } from "./viewport";

export const brand = {
  primary: "#4338CA",
  primaryDark: "#312E81",
  primaryLight: "#EEF0FF",
  accent: "#F59E0B",
  accentLight: "#FEF3C7",
  ink: "#1E2235",
  muted: "#5B6178",
  surface: "#F6F7FB",
  border: "#E4E6EF",
};

/**
 * Phones and touch screens (the app's mobile layout is up to 768 px; a coarse pointer anywhere):
 * every control offers a hit area of at least 44 × 44 CSS px (WCAG 2.5.5, Apple and Material
 * guidance). The theme sets it once for every button, icon button, checkbox, radio, switch,
 * pagination item, tab and clickable chip, so no screen has to.
 */
export const TOUCH = `@media (max-width: ${MOBILE_MAX}px), (pointer: coarse)`;
/** The phone layout (cards, burger, floating button): up to 768 px, whatever the pointer. */
export const PHONE_LAYOUT = `@media (max-width: ${MOBILE_MAX}px)`;
export const TAP = 44;
const tapTarget = { [TOUCH]: { minWidth: TAP, minHeight: TAP } };
/**
 * On a search field: its input fills the field's 44 px frame, so that the tap target is the
 * field itself, not a 27 px line of text inside it (issue 20).
 */
export const searchTarget = { "& .MuiInputBase-input": { height: TAP, boxSizing: "border-box", py: 0 } } as const;

const fontFamily =
  '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: brand.primary, dark: brand.primaryDark, light: "#6366F1", contrastText: "#fff" },
    secondary: { main: brand.accent, contrastText: brand.ink },
    background: { default: brand.surface, paper: "#FFFFFF" },
    text: { primary: brand.ink, secondary: brand.muted },
    divider: brand.border,
    success: { main: "#15803D" },
    warning: { main: "#B45309" },
    error: { main: "#C62828" },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily,
    h1: { fontSize: "2rem", fontWeight: 700, letterSpacing: "-0.02em", lineHeight: 1.2 },
    h2: { fontSize: "1.5rem", fontWeight: 700, letterSpacing: "-0.01em", lineHeight: 1.25 },
    h3: { fontSize: "1.25rem", fontWeight: 650, lineHeight: 1.3 },
    h4: { fontSize: "1.0625rem", fontWeight: 650, lineHeight: 1.35 },
    subtitle1: { color: brand.muted, lineHeight: 1.55 },
    body1: { lineHeight: 1.6 },
    body2: { lineHeight: 1.55 },
    button: { textTransform: "none", fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    // A subtitle is a paragraph, not a heading: MUI would make it an h6, a level skipped right
    // after the page's h1 (headings go down one level at a time).
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: "p", subtitle2: "p" } },
    },
    // Every button, icon button, menu item, chip, tab, checkbox… is a ButtonBase, whose style sets
    // `outline: 0`: the keyboard focus outline of index.css, put back.
    MuiButtonBase: {
      styleOverrides: {
        root: { "&.Mui-focusVisible": { outline: `3px solid ${brand.primary}`, outlineOffset: 2 } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18, ...tapTarget },
        sizeLarge: { paddingBlock: 11, fontSize: "1rem" },
      },
    },
    MuiIconButton: { styleOverrides: { root: tapTarget } },
    MuiFab: { styleOverrides: { root: tapTarget } },
    // The checkbox, radio and switch thumb: their invisible input fills the padded box.
    MuiCheckbox: { styleOverrides: { root: tapTarget } },
    MuiRadio: { styleOverrides: { root: tapTarget } },
    // The switch's input spans its track, as tall as its thumb's box: 44 px, the thumb centred.
    MuiSwitch: { styleOverrides: { root: { [TOUCH]: { height: TAP, paddingBlock: 15 } }, switchBase: { [TOUCH]: { paddingBlock: 12 } } } },
    MuiPaginationItem: { styleOverrides: { root: { [TOUCH]: { minWidth: TAP, height: TAP } } } },
    MuiTab: { styleOverrides: { root: tapTarget } },
    MuiToggleButton: { styleOverrides: { root: tapTarget } },
    MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: TAP } } } },
    MuiChip: { styleOverrides: { clickable: { [TOUCH]: { minHeight: TAP } }, deletable: { [TOUCH]: { minHeight: TAP } } } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: brand.border } },
    },
    MuiCard: {
      defaultProps: { variant: "outlined" },
      styleOverrides: { root: { borderRadius: 16 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          backgroundColor: "#fff",
        },
      },
    },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 20 } },
    },
    MuiMenu: {
      styleOverrides: {
        paper: { borderRadius: 14, border: `1px solid ${brand.border}`, boxShadow: "0 12px 32px rgba(30,34,53,0.12)" },
      },
    },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 12, alignItems: "center" } },
    },
    // A link's hit area grows to 44 × 44 px on phones without moving the text: an invisible
    // layer centred on it (links in a sentence keep their line, WCAG's inline exception).
    MuiLink: {
      defaultProps: { underline: "hover" },
      styleOverrides: {
        root: {
          fontWeight: 500,
          [TOUCH]: {
            position: "relative",
            "&::before": {
              content: '""',
              position: "absolute",
              left: "50%",
              top: "50%",
              width: `max(100%, ${TAP}px)`,
              height: `max(100%, ${TAP}px)`,
              transform: "translate(-50%, -50%)",
            },
          },
        },
      },
    },
    // A spinner is a progressbar: it needs a name for screen readers (axe: aria-progressbar-name).
    MuiCircularProgress: {
      defaultProps: { "aria-label": messages.app.loading },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: alpha(brand.ink, 0.92), fontSize: "0.8125rem" } },
    },
  },
};

/** The theme of the first paint: MUI's English component texts, none of which the login page shows. */
export const theme: Theme = createTheme(themeOptions);

/**
 * The theme with MUI's French locale (frFR: pagination, autocomplete, alert texts…). The locale
 * module builds an Intl.NumberFormat when it loads (tens of milliseconds on a slow machine), so
 * it is loaded right after the first paint and the app switches to this theme then.
 */
export async function loadFrenchTheme(): Promise<Theme> {
  const { frFR } = await import("@mui/material/locale");
  return createTheme(themeOptions, frFR);
}
