// A candidate's 12 last weeks, for the candidate (dashboard) or their coach (coach view): the
// weekly chart of the six figures with the objectives, and the streak when there is one.
import { useMemo } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import LocalFireDepartmentRounded from "@mui/icons-material/LocalFireDepartmentRounded";
import type { WeeklyHistory } from "../../gen/tremplin/common/v1/history_pb";
import { historyMessages } from "../../lib/messages/history";
import { historySeries, historyWeeks, streakText, type Audience } from "./history";
import { WeeklyChart } from "./WeeklyChart";

export function WeeklyHistoryChart({ history, audience, headingLevel = 2 }: { history: WeeklyHistory; audience: Audience; headingLevel?: 2 | 3 }) {
  const m = historyMessages[audience];
  const streak = streakText(history.streak, audience);
  // The same arrays while the history is the same: the chart redraws only when it changes.
  const weeks = useMemo(() => historyWeeks(history), [history]);
  const series = useMemo(() => historySeries(history), [history]);
  return (
    <WeeklyChart
      testId="weekly-history"
      title={m.title}
      description={m.description}
      weeks={weeks}
      series={series}
      headingLevel={headingLevel}
      summary={
        streak && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, alignSelf: "flex-start", px: 1.5, py: 0.75, borderRadius: 99, bgcolor: "#DCFCE7", color: "#166534" }}>
            <LocalFireDepartmentRounded fontSize="small" aria-hidden />
            <Typography component="p" sx={{ fontWeight: 650, color: "inherit" }} data-testid="streak">
              {streak}
            </Typography>
          </Box>
        )
      }
    />
  );
}
