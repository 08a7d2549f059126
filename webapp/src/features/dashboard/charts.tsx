// The two charts of the dashboard, drawn as plain SVG: a gauge (three coloured bands on a 220°
// arc and a needle) and a doughnut (two sectors). They used to be drawn by echarts, which
// weighed ~130 kB gzip of the screen's ~145 kB for two static pictures; the same drawings
// take a few dozen lines here (docs/web-budgets.md). The charts are pictures for sighted users:
// each one is hidden from screen readers, and the widgets carry the same figures as text.
import Box from "@mui/material/Box";
import { brand } from "../../lib/theme";
import type { GaugeModel } from "./gauge";

export const BAND_COLORS = { low: "#F59E0B", medium: "#6366F1", high: "#15803D" } as const;

/** A point at `angle` degrees (counter-clockwise from 3 o'clock) and `radius` from (cx, cy). */
function polar(cx: number, cy: number, radius: number, angle: number): [number, number] {
  const a = (angle * Math.PI) / 180;
  return [round(cx + radius * Math.cos(a)), round(cy - radius * Math.sin(a))];
}

const round = (x: number) => Math.round(x * 100) / 100;

/** An arc drawn clockwise from angle `from` down to angle `to` (degrees, from > to). */
function arc(cx: number, cy: number, radius: number, from: number, to: number, move = true): string {
  const [x1, y1] = polar(cx, cy, radius, from);
  const [x2, y2] = polar(cx, cy, radius, to);
  const large = from - to > 180 ? 1 : 0;
  return `${move ? "M" : "L"} ${x1} ${y1} A ${radius} ${radius} 0 ${large} 1 ${x2} ${y2}`;
}

// The gauge: the arc starts at 200° (left, a little below the centre) and ends at -20°.
const GAUGE = { width: 200, height: 150, cx: 100, cy: 93, radius: 68, band: 14, start: 200, sweep: 220 } as const;

export function GaugeChartView({ model }: { model: Extract<GaugeModel, { kind: "scale" }> }) {
  const { cx, cy, radius, start, sweep } = GAUGE;
  const angleOf = (fraction: number) => start - sweep * Math.min(Math.max(fraction, 0), 1);
  const [low, medium] = model.stops;
  const bands = [
    { from: 0, to: low, color: BAND_COLORS.low },
    { from: low, to: medium, color: BAND_COLORS.medium },
    { from: medium, to: 1, color: BAND_COLORS.high },
  ].filter((b) => b.to > b.from);
  const needleAngle = angleOf(model.max > 0 ? model.needle / model.max : 0);
  const [tipX, tipY] = polar(cx, cy, radius * 0.68, needleAngle);
  return (
    <Box aria-hidden="true" data-testid="gauge-chart" data-needle={model.needle} data-max={model.max} sx={{ height: 150, width: "100%" }}>
      <svg viewBox={`0 0 ${GAUGE.width} ${GAUGE.height}`} width="100%" height="100%" focusable="false">
        {bands.map((b) => (
          <path key={b.color} d={arc(cx, cy, radius, angleOf(b.from), angleOf(b.to))} fill="none" stroke={b.color} strokeWidth={GAUGE.band} />
        ))}
        <line x1={cx} y1={cy} x2={tipX} y2={tipY} stroke={brand.ink} strokeWidth={5} strokeLinecap="round" />
        <circle cx={cx} cy={cy} r={6} fill={brand.ink} />
      </svg>
    </Box>
  );
}

export const DOUGHNUT_COLORS = { completed: "#15803D", notStarted: "#6366F1" } as const;

/** A circle of `radius` around (c, c), as one closed outline (two half arcs: an arc cannot end where it starts). */
function circle(c: number, radius: number): string {
  return `M ${c + radius} ${c} A ${radius} ${radius} 0 1 0 ${c - radius} ${c} A ${radius} ${radius} 0 1 0 ${c + radius} ${c} Z`;
}

/**
 * An annular sector from angle `from` clockwise down to `to` (degrees). A whole ring is its two
 * circles, filled even-odd: drawn as two half sectors, their white outlines cut it in two.
 */
function sector(c: number, inner: number, outer: number, from: number, to: number): string {
  if (from - to >= 359.99) return `${circle(c, outer)} ${circle(c, inner)}`;
  const [ix, iy] = polar(c, c, inner, to);
  const large = from - to > 180 ? 1 : 0;
  const [ex, ey] = polar(c, c, inner, from);
  return `${arc(c, c, outer, from, to)} L ${ix} ${iy} A ${inner} ${inner} 0 ${large} 0 ${ex} ${ey} Z`;
}

export function DoughnutChartView({ completed, notStarted }: { completed: number; notStarted: number }) {
  const size = 150;
  const c = size / 2;
  const inner = round(c * 0.58);
  const outer = round(c * 0.88);
  const total = completed + notStarted;
  // Clockwise from 12 o'clock: the completed tasks, then those not started.
  const split = 90 - (total > 0 ? (360 * completed) / total : 0);
  const parts = [
    { key: "completed", value: completed, from: 90, to: split, color: DOUGHNUT_COLORS.completed },
    { key: "notStarted", value: notStarted, from: split, to: -270, color: DOUGHNUT_COLORS.notStarted },
  ].filter((p) => p.value > 0);
  return (
    <Box aria-hidden="true" data-testid="doughnut-chart" sx={{ height: size, width: size }}>
      <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} focusable="false">
        {parts.map((p) => (
          <path key={p.key} d={sector(c, inner, outer, p.from, p.to)} fill={p.color} fillRule="evenodd" stroke={parts.length > 1 ? "#fff" : "none"} strokeWidth={2} strokeLinejoin="round" />
        ))}
      </svg>
    </Box>
  );
}
