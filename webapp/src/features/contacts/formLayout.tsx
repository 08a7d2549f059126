// The layout pieces of the contact modal's two steps: titled groups of fields, a two-column
// grid, the buttons row, the step line, and react-hook-form's register adapted to MUI.
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { networkMessages } from "../../lib/messages/network";
import { brand } from "../../lib/theme";

const f = networkMessages.form;

/** react-hook-form's register, for MUI's TextField (whose `ref` is the wrapper's). */
export function bind({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

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

export function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>{children}</Box>;
}

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

export function StepLine({ step, label }: { step: number; label: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 0.5 }} aria-hidden>
        {[1, 2].map((n) => (
          <Box key={n} sx={{ width: 24, height: 4, borderRadius: 99, bgcolor: n <= step ? "primary.main" : brand.border }} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {f.stepOf(step)} · <strong>{label}</strong>
      </Typography>
    </Box>
  );
}
