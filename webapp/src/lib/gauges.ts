// The four gauges of the dashboard, whose thresholds the profile sets (spec sections 4 and 5):
// shared by both screens, in the order they are shown.
export type GaugeKey = "newContact" | "firstTask" | "completedInterview" | "engagedApplication";

export const GAUGE_KEYS: readonly GaugeKey[] = ["newContact", "firstTask", "completedInterview", "engagedApplication"];
