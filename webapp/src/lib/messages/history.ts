// The texts of a candidate's last weeks (the dashboard's and the coach view's 12-week chart).
// Part of the catalogue of src/lib/messages.ts, kept apart so that it loads with those screens.

export const historyMessages = {
  /** The six series, in the order the chart and its table show them. */
  series: {
    completedTasks: "Tâches terminées",
    completedInterviews: "Entretiens",
    firstTasks: "Premières tâches",
    engagedApplications: "Candidatures engagées",
    newContacts: "Nouveaux contacts",
    newApplications: "Nouvelles candidatures",
  },
  /** The candidate's own dashboard. */
  candidate: {
    title: "Vos 12 dernières semaines",
    description: "Vos activités de chaque semaine sur les 12 dernières semaines, la semaine en cours en dernier, face à vos objectifs hebdomadaires.",
    streak: (weeks: number) => `${weeks} semaines d'affilée au-dessus de vos objectifs`,
    /** « Impossible de charger … » when the call failed. */
    load: "vos 12 dernières semaines",
  },
  /** The coach view (an agency admin reading a candidate's progress). */
  coach: {
    title: "Ses 12 dernières semaines",
    description: "Les activités du candidat chaque semaine sur les 12 dernières semaines, la semaine en cours en dernier, face à ses objectifs hebdomadaires.",
    streak: (weeks: number) => `${weeks} semaines d'affilée au-dessus de ses objectifs`,
    load: "ses 12 dernières semaines",
  },
} as const;
