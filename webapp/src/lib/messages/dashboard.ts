// The texts of the dashboard (/dashboard). Part of the catalogue of src/lib/messages.ts, kept
// apart so that it loads with that screen. Same typography rules (non-breaking space before
// « : ! ? »).

const nb = "\u00a0";

export const dashboardMessages = {
  title: "Tableau de bord",
  subtitle: "Vos efforts de la semaine face à vos objectifs.",
  /** « Impossible de charger … » when the call failed. */
  load: "votre tableau de bord",
  week: {
    current: "cette semaine",
    range: (from: string, to: string) => `du ${from} au ${to}`,
    previous: "Semaine précédente",
    next: "Semaine suivante",
    backToCurrent: "Revenir à cette semaine",
    label: "Semaine affichée",
  },
  updateThresholds: "Modifier mes objectifs",
  tasks: {
    title: "Mes tâches",
    completed: "Terminées",
    notStarted: "À faire",
    empty: "Aucune tâche à échéance sur cette période.",
    open: "Voir mes tâches",
  },
  gauges: {
    newContact: "Nouveaux contacts",
    firstTask: "Premières actions avec mes contacts",
    completedInterview: "Entretiens réalisés",
    engagedApplication: "Candidatures engagées",
  },
  bands: { low: "faible", medium: "moyen", high: "élevé" },
  bandLabel: (band: string) => `Niveau ${band}`,
  noThreshold: "Aucun seuil",
  objective: (low: number, medium: number, high: number) => `Seuils${nb}: ${low} / ${medium} / ${high}`,
  previousWeek: (n: number) => `Semaine précédente${nb}: ${n}`,
  progression: "Progression par rapport à la semaine précédente",
  gaugeText: (name: string, value: number, band: string | undefined, max: number | undefined) =>
    band === undefined
      ? `${name}${nb}: ${value}, aucun seuil`
      : `${name}${nb}: ${value} sur un objectif de ${max}, niveau ${band}`,
  newApplications: {
    title: "Nouvelles candidatures",
    text: (n: number) => (n > 1 ? "opportunités ajoutées" : "opportunité ajoutée"),
    open: "Voir mes opportunités",
  },
  overdueTasks: {
    title: "Tâches en retard",
    text: (n: number) => (n > 1 ? "tâches dont l'échéance est passée" : "tâche dont l'échéance est passée"),
    none: "Aucune tâche en retard, bravo\u00a0!",
    open: "Voir mes tâches",
  },
  events: {
    title: "Prochains rendez-vous",
    empty: "Aucun rendez-vous à venir.",
    all: "Voir tous les rendez-vous",
    at: (date: string, time: string) => `${date} à ${time}`,
    with: "avec",
    interview: "Entretien",
    meeting: "Rendez-vous",
  },
} as const;
