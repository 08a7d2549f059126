// The layout every modal form shares: titled groups of fields, a two-column grid on wider
// screens, the buttons row (stacked full width on phones, the main action on top), the form's
// end (its error, cancel and submit), and react-hook-form's register adapted to MUI's TextField.
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";

/** react-hook-form's register, for MUI's TextField (whose `ref` is the wrapper's). */
export function bind({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

/** A titled group of fields: a fieldset whose legend screen readers announce with each field. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography component="legend" variant="overline" sx={{ color: "text.secondary", fontWeight: 700, letterSpacing: "0.08em", lineHeight: 1.5, mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One column on phones, two from `sm`; a field with a longer message does not stretch its neighbour. */
export function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2, alignItems: "start" }}>{children}</Box>;
}

/** The form's buttons, right-aligned; on phones each takes the width, the last (submit) on top. */
export function Actions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "flex-end",
        gap: 1.25,
        flexWrap: "wrap-reverse",
        pt: 1,
        "& > .MuiButton-root": { minWidth: 120, flex: { xs: "1 1 auto", sm: "0 0 auto" } },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A form's end: its error (if any), then cancel and submit, submit busy while saving. `children`
 * are buttons put before cancel (a step's « Retour »).
 */
export function FormActions({
  error,
  saving,
  onCancel,
  cancelLabel,
  submitLabel,
  children,
}: {
  error?: string;
  saving: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Actions>
        {children}
        <Button variant="outlined" color="inherit" onClick={onCancel} disabled={saving} sx={{ borderColor: "divider" }}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {submitLabel}
        </Button>
      </Actions>
    </>
  );
}
