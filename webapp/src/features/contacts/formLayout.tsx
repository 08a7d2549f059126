// The contact modal's step line (« Étape 1 sur 2 · … »); the rest of its layout is every form's
// (components/form/layout).
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { networkMessages } from "../../lib/messages/network";
import { brand } from "../../lib/theme";

const f = networkMessages.form;

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
