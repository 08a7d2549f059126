// Two weeks of a weekly chart and two series over them (one with an objective), as the chart's
// tests draw them.
export const weeks = [
  { start: new Date("2026-11-15T23:00:00Z"), end: new Date("2026-11-22T23:00:00Z") },
  { start: new Date("2026-11-22T23:00:00Z"), end: new Date("2026-11-29T23:00:00Z") },
];

export const series = [
  { name: "Tâches terminées", values: [4, 6] },
  { name: "Nouveaux contacts", values: [1, 3], objective: 5 },
];
