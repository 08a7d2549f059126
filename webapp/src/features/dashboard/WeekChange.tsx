// The line under a dashboard figure: last week's value and the progression from it, green when
// the figure went up, red when it went down, grey when it held (« 0 % » is no bad news).
import Box from "@mui/material/Box";
import { visuallyHidden } from "../../components/PremiumBadge";
import { progression } from "../../lib/format";
import { dashboardMessages } from "../../lib/messages/dashboard";

const m = dashboardMessages;

export function WeekChange({ value, previous }: { value: number; previous: number }) {
  const change = progression(value, previous);
  const color = value > previous ? "success.main" : value < previous ? "error.main" : "text.secondary";
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap", color: "text.secondary", fontSize: "0.875rem" }}>
      <span>{m.previousWeek(previous)}</span>
      {change && (
        <Box component="span" title={m.progression} sx={{ fontWeight: 700, color }}>
          <Box component="span" sx={visuallyHidden}>
            {m.progression}
          </Box>
          {change}
        </Box>
      )}
    </Box>
  );
}
