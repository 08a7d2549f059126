// The colours and marker shapes of a weekly chart's series, in series order. Every colour is at
// least 4.5:1 on white (so a label drawn in it, such as « Objectif », reads as text), from the
// theme's palette (lib/theme.ts) and Tailwind's 700 shades next to it. Each series also has its
// own marker shape, so that the lines are told apart without seeing colours.
import { brand } from "../../lib/theme";

export const SERIES_COLOURS = [
  brand.primary, // indigo, 7.9:1
  "#B45309", // amber (theme warning), 5.0:1
  "#15803D", // green (theme success), 5.0:1
  "#BE123C", // rose, 5.9:1
  "#0E7490", // cyan, 5.4:1
  "#475569", // slate, 7.6:1
] as const;

export const SERIES_SYMBOLS = ["circle", "rect", "triangle", "diamond", "emptyCircle", "emptyRect"] as const;
export type SeriesSymbol = (typeof SERIES_SYMBOLS)[number];

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length];
}

export function seriesSymbol(index: number): SeriesSymbol {
  return SERIES_SYMBOLS[index % SERIES_SYMBOLS.length];
}

/** Axis labels and grid lines: the theme's secondary text (6.3:1) and border. */
export const AXIS_TEXT = brand.muted;
export const GRID_LINE = brand.border;
