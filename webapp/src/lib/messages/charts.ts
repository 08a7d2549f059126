// The texts of the weekly charts (components/charts): tooltips, the data table and its toggle.
// Part of the catalogue of src/lib/messages.ts, kept apart so that it loads with the screens
// that draw a chart. Same typography rules (non-breaking space before « : ! ? »).

const nb = "\u00a0";

export const chartMessages = {
  /** A week, named by its Monday (« Semaine du 23 nov. »): the tooltip's title, the table's rows. */
  week: (monday: string) => `Semaine du ${monday}`,
  /** The table's first column. */
  weekColumn: "Semaine",
  /** The dashed line of a series' weekly objective. */
  objective: "Objectif",
  /** A series' column heading in the table, when it has an objective. */
  withObjective: (name: string, objective: string) => `${name} (objectif${nb}: ${objective})`,
  /** A line of the tooltip. */
  value: (name: string, value: string) => `${name}${nb}: ${value}`,
  /** The same, with the series' objective. */
  valueOfObjective: (name: string, value: string, objective: string) => `${name}${nb}: ${value} (objectif${nb}: ${objective})`,
  showData: "Voir les données",
  hideData: "Masquer les données",
  /** The group of toggles above a chart. */
  legend: "Séries affichées sur le graphique",
  loading: "Chargement du graphique…",
  failed: `Le graphique n'a pas pu être chargé. Les chiffres restent consultables avec «${nb}Voir les données${nb}».`,
} as const;
