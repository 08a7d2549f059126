// A weekly chart's legend, as real toggle buttons (aria-pressed): reachable by keyboard, read by
// screen readers, 44 px tall on a phone, and wrapping at any width — where ECharts' own legend
// is a picture inside the chart. Drawn with the page, before the chart's code has arrived. On a
// phone, two columns: one toggle a line, each 44 px tall, would push the chart a screen down.
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { chartMessages as m } from "../../lib/messages/charts";
import { PHONE_LAYOUT, TOUCH } from "../../lib/theme";
import { seriesColour, seriesSymbol, type SeriesSymbol } from "./palette";
import type { WeeklySeries } from "./types";

export function ChartLegend({ series, hidden, onToggle }: { series: WeeklySeries[]; hidden: ReadonlySet<string>; onToggle: (name: string) => void }) {
  return (
    // The group names the toggles; the list inside keeps its list semantics (a role on the
    // <ul> itself would make its items orphans).
    <Box role="group" aria-label={m.legend}>
      <Box
        component="ul"
        sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 0.5, [PHONE_LAYOUT]: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: 0 } }}
      >
        {series.map((s, i) => {
          const on = !hidden.has(s.name);
          return (
            <li key={s.name}>
              <ButtonBase
                aria-pressed={on}
                onClick={() => onToggle(s.name)}
                sx={{
                  gap: 0.75,
                  px: 1,
                  py: 0.5,
                  borderRadius: 99,
                  fontSize: "0.875rem",
                  lineHeight: 1.25,
                  textAlign: "left",
                  fontWeight: 500,
                  color: on ? "text.primary" : "text.secondary",
                  textDecoration: on ? "none" : "line-through",
                  "&:hover": { bgcolor: "action.hover" },
                  [TOUCH]: { minHeight: 44 },
                  [PHONE_LAYOUT]: { width: "100%", justifyContent: "flex-start", fontSize: "0.8125rem", px: 0.5 },
                }}
              >
                <Marker symbol={seriesSymbol(i)} colour={on ? seriesColour(i) : "#8A8FA3"} />
                {s.name}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/** The series' marker as the chart draws it, on a short stretch of its line. */
function Marker({ symbol, colour }: { symbol: SeriesSymbol; colour: string }) {
  const filled = !symbol.startsWith("empty");
  const paint = { fill: filled ? colour : "#fff", stroke: colour, strokeWidth: 1.5 };
  let shape;
  switch (symbol) {
    case "rect":
    case "emptyRect":
      shape = <rect x={7} y={3} width={8} height={8} {...paint} />;
      break;
    case "triangle":
      shape = <path d="M11 2.5 L15.5 11 L6.5 11 Z" {...paint} />;
      break;
    case "diamond":
      shape = <path d="M11 1.5 L15.5 7 L11 12.5 L6.5 7 Z" {...paint} />;
      break;
    default:
      shape = <circle cx={11} cy={7} r={4} {...paint} />;
  }
  return (
    <svg width={22} height={14} viewBox="0 0 22 14" aria-hidden focusable="false" style={{ flex: "none" }}>
      <line x1={0} y1={7} x2={22} y2={7} stroke={colour} strokeWidth={2} />
      {shape}
    </svg>
  );
}
