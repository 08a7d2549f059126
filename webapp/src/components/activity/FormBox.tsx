// The form of an activity modal (task, event, report, additional information): its fields in
// one column, named for assistive technologies, validated by the app rather than the browser.
import type { FormEvent, ReactNode } from "react";
import Box from "@mui/material/Box";

export function FormBox({ label, onSubmit, children }: { label: string; onSubmit: (e: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.25, pt: 1 }}>
      {children}
    </Box>
  );
}
