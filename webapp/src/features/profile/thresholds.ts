// The thresholds form of the profile: twelve number fields (four gauges × low, medium, high),
// checked as the candidate types — each gauge's three values must be whole numbers from 0 to
// 30, each at least the one before (spec section 5: « Seuils paramétrés incohérents »).
import { create } from "@bufbuild/protobuf";
import { DashboardSettingSchema, type DashboardSetting } from "../../gen/tremplin/activity/v1/activity_pb";
import { GAUGE_KEYS, type GaugeKey } from "../../lib/gauges";
import { thresholds } from "../../lib/validation";

export const LEVELS = ["Low", "Medium", "High"] as const;
export type Level = (typeof LEVELS)[number];

export type FieldName = `${GaugeKey}${Level}`;
/** What the inputs hold: text, as typed. */
export type ThresholdValues = Record<FieldName, string>;

export function fieldName(key: GaugeKey, level: Level): FieldName {
  return `${key}${level}`;
}

export function valuesOf(setting: DashboardSetting): ThresholdValues {
  const out = {} as ThresholdValues;
  for (const key of GAUGE_KEYS) for (const level of LEVELS) out[fieldName(key, level)] = String(setting[fieldName(key, level)]);
  return out;
}

/** A whole number as typed (digits only), or NaN. */
function parse(text: string): number {
  return /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The error of one gauge's three thresholds, or undefined when they hold together. */
export function gaugeError(values: ThresholdValues, key: GaugeKey): string | undefined {
  const [low, medium, high] = LEVELS.map((level) => parse(values[fieldName(key, level)]));
  const result = thresholds({ low: low ?? Number.NaN, medium: medium ?? Number.NaN, high: high ?? Number.NaN });
  return result === true ? undefined : result;
}

export function hasErrors(values: ThresholdValues): boolean {
  return GAUGE_KEYS.some((key) => gaugeError(values, key) !== undefined);
}

/** The setting to send; only for values without errors. */
export function settingOf(values: ThresholdValues): DashboardSetting {
  const setting = create(DashboardSettingSchema);
  for (const key of GAUGE_KEYS) for (const level of LEVELS) setting[fieldName(key, level)] = parse(values[fieldName(key, level)]);
  return setting;
}
