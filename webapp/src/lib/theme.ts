// The Tremplin look: a calm indigo, a warm amber accent, generous radii and Inter.
import { alpha, createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";

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

const fontFamily =
  '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const options: ThemeOptions = {
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 11, fontSize: "1rem" },
      },
    },
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
    MuiLink: {
      defaultProps: { underline: "hover" },
      styleOverrides: { root: { fontWeight: 500 } },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: alpha(brand.ink, 0.92), fontSize: "0.8125rem" } },
    },
  },
};

/** The theme of the first paint: MUI's English component texts, none of which the login page shows. */
export const theme: Theme = createTheme(options);

/**
 * The theme with MUI's French locale (frFR: pagination, autocomplete, alert texts…). The locale
 * module builds an Intl.NumberFormat when it loads (tens of milliseconds on a slow machine), so
 * it is loaded right after the first paint and the app switches to this theme then.
 */
export async function loadFrenchTheme(): Promise<Theme> {
  const { frFR } = await import("@mui/material/locale");
  return createTheme(options, frFR);
}
