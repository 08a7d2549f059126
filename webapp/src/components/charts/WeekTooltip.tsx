// The tooltip of the week under the pointer (or the finger): a vertical line on the week and a
// box of its figures, drawn over the chart by React. ECharts' own tooltip and axis pointer would
// add 13 kB gzip to the chart's chunk (docs/web-budgets.md), and write their colour dots as
// style="…" attributes, which the Content-Security-Policy refuses. For the eye only: the same
// figures are in the data table for keyboards and screen readers.
import { useLayoutEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import { GRID_LINE } from "./palette";
import type { WeekSummary } from "./weeklyModel";

/** Where the week is: its x in the chart's box, and the side of it the box opens on. */
export type Pointer = { week: number; x: number; side: "left" | "right" };

export function WeekTooltip({ pointer, summary, top, bottom, width }: { pointer: Pointer; summary: WeekSummary; top: number; bottom: number; width: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => setBoxWidth(box.current?.offsetWidth ?? 0), [summary]);
  // Beside the week, on the side with room; on a phone, where neither side has room, kept
  // inside the chart (over the week's line if need be).
  const beside = pointer.side === "right" ? pointer.x + 12 : pointer.x - 12 - boxWidth;
  const left = Math.max(0, Math.min(beside, width - boxWidth));
  return (
    <Box aria-hidden data-testid="week-tooltip" sx={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
      <Box sx={{ position: "absolute", left: pointer.x, top, bottom, borderLeft: `1px dashed ${GRID_LINE}`, borderLeftColor: "text.secondary" }} />
      <Box
        ref={box}
        sx={{
          position: "absolute",
          top: 8,
          left,
          visibility: boxWidth ? "visible" : "hidden",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          boxShadow: 3,
          px: 1.5,
          py: 1,
          fontSize: "0.8125rem",
          lineHeight: 1.5,
          color: "text.primary",
          whiteSpace: "nowrap",
        }}
      >
        <Box sx={{ fontWeight: 700, mb: 0.5 }}>{summary.title}</Box>
        {summary.lines.map((line) => (
          <Box key={line.name} sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: line.colour, flex: "none" }} />
            {line.text}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
