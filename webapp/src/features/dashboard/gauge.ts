// What a dashboard gauge shows: three bands (low, medium, high), each up to its threshold, on
// a scale that ends at the top of the high band; the needle stops there however far the figure
// goes (spec section 4). With no threshold above zero there is no scale at all: « Aucun seuil ».
import type { DashboardSetting } from "../../gen/tremplin/activity/v1/activity_pb";
import type { GaugeKey } from "../../lib/gauges";

export type Band = "low" | "medium" | "high";

export type Thresholds = { low: number; medium: number; high: number };

export type GaugeModel =
  | { kind: "none" }
  | {
      kind: "scale";
      /** The end of the scale: the high threshold. */
      max: number;
      /** Where the needle points: the figure, capped at the end of the scale. */
      needle: number;
      /** The band the figure falls in. */
      band: Band;
      /** Where each band ends, as a fraction of the scale (for the coloured arc). */
      stops: [number, number, number];
    };

export function gaugeModel(value: number, t: Thresholds): GaugeModel {
  if (t.low <= 0 && t.medium <= 0 && t.high <= 0) return { kind: "none" };
  const max = t.high;
  const band: Band = value <= t.low ? "low" : value <= t.medium ? "medium" : "high";
  return {
    kind: "scale",
    max,
    needle: Math.min(Math.max(value, 0), max),
    band,
    stops: [t.low / max, t.medium / max, 1],
  };
}

/** The three thresholds of one gauge in the setting message. */
export function thresholdsOf(setting: DashboardSetting | undefined, key: GaugeKey): Thresholds {
  if (!setting) return { low: 0, medium: 0, high: 0 };
  return { low: setting[`${key}Low`], medium: setting[`${key}Medium`], high: setting[`${key}High`] };
}
