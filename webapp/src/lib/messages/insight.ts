// The texts of the insight screens (issue 22): « Suivi de l'agence » (/insight for an agency
// admin, /agencies/:id/insight for the platform admin) and « Suivi de la plateforme » (/insight
// for the platform admin). Part of the catalogue of src/lib/messages.ts; same typography rules
// (non-breaking space before « : ; ! ? »).

const nb = "\u00a0";
const n = (value: number) => value.toLocaleString("fr-FR");

export const insightMessages = {
  agency: {
    title: "Suivi de l'agence",
    /** The tab's title for the platform admin: which agency. */
    titleFor: (agency: string) => `Suivi de l'agence – ${agency}`,
    subtitle: "Les 12 dernières semaines de vos candidats.",
    /** The agency's name first (elision-free whatever the name), then the period. */
    subtitleFor: (agency: string) => `${agency} · les 12 dernières semaines`,
    breadcrumb: "Fil d'Ariane",
    back: "Agences",
    /** « Impossible de charger … » when the call failed. */
    load: "le suivi de l'agence",
    notFoundTitle: "Agence introuvable",
    notFoundText: "Cette agence n'existe pas, ou plus.",
    consent: {
      noCandidate: "L'agence n'a pas encore de candidat.",
      noneSharing: (total: number) =>
        total > 1 ? `Aucun des ${n(total)} candidats ne partage son suivi.` : "Le seul candidat de l'agence ne partage pas son suivi.",
      allSharing: (total: number) => (total > 1 ? `Les ${n(total)} candidats partagent leur suivi.` : "Le seul candidat de l'agence partage son suivi."),
      sharing: (sharing: number, total: number) =>
        sharing > 1
          ? `${n(sharing)} candidats sur ${n(total)} partagent leur suivi.`
          : `${n(sharing)} candidat sur ${n(total)} partage son suivi.`,
      othersAnonymous: "Les autres ne comptent que dans les totaux anonymes.",
      /** While fewer than 5 candidates do not share, the anonymous totals would name them. */
      othersWithheld: (notSharing: number) =>
        `Les totaux anonymes de tous les candidats s'affichent à partir de 5 candidats qui ne partagent pas leur suivi (${n(notSharing)} aujourd'hui)${nb}: plus tôt, ils permettraient de deviner les chiffres de chacun.`,
    },
    chartsTitle: "Les 12 dernières semaines",
    series: {
      sharing: "Candidats qui partagent",
      everyone: "Tous les candidats",
    },
    charts: {
      activeCandidates: {
        title: "Candidats actifs",
        description: "Candidats qui se sont connectés, ou ont réalisé une tâche ou un entretien, dans la semaine.",
      },
      applicationsSent: {
        title: "Candidatures envoyées",
        description: "Opportunités engagées dans la semaine.",
      },
      interviews: {
        title: "Entretiens",
        description: "Entretiens réalisés dans la semaine.",
      },
      candidatesOnTarget: {
        title: "Candidats à l'objectif",
        description: "Candidats dont la semaine a atteint chacun de leurs objectifs.",
      },
    },
    licences: {
      title: "Licences",
      description: "Les licences de l'agence à la fin de chaque semaine.",
      used: "Utilisées",
      pending: "En attente",
      remaining: "Disponibles",
    },
    table: {
      title: "Candidats qui partagent leur suivi",
      hint: "Leurs 12 dernières semaines. Cliquez sur un titre de colonne pour trier.",
      columns: {
        name: "Candidat",
        lastLogin: "Dernière connexion",
        activeWeeks: "Semaines actives",
        weeksOnTarget: "Semaines à l'objectif",
        applicationsSent: "Candidatures envoyées",
        interviews: "Entretiens",
      },
      neverSignedIn: "Jamais connecté",
      /** The link on a name: the name as shown first (WCAG 2.5.3), then where it goes. */
      progressLink: (name: string) => `${name}, voir sa progression`,
      emptyTitle: "Aucun candidat ne partage son suivi",
      emptyText:
        "Chaque candidat choisit, depuis son profil, de partager sa progression avec l'agence. Ses semaines s'affichent alors ici, à son nom.",
    },
  },

  platform: {
    title: "Suivi de la plateforme",
    subtitle: "Les agences, les essais B2C et la fréquentation des 12 dernières semaines.",
    load: "le suivi de la plateforme",
    agencies: {
      title: "Agences",
      hint: "Candidatures et entretiens des 12 dernières semaines, candidats actifs cette semaine.",
      columns: {
        agency: "Agence",
        candidates: "Candidats",
        sharing: "Partagent leur suivi",
        active: "Actifs cette semaine",
        applicationsSent: "Candidatures envoyées",
        interviews: "Entretiens",
        licences: "Licences utilisées",
      },
      licences: (used: number, total: number) => `${n(used)} / ${n(total)}`,
      /** The link on an agency's name: the name first (WCAG 2.5.3). */
      insightLink: (agency: string) => `${agency}, voir son suivi`,
      empty: "Aucune agence pour l'instant.",
    },
    funnel: {
      title: "Essais B2C",
      description: "Par semaine, les essais démarrés (comptes créés), passés Premium (premier abonnement payé) et terminés sans abonnement.",
      started: "Essais démarrés",
      premium: "Passés Premium",
      ended: "Essais terminés sans abonnement",
    },
    pageViews: {
      title: "Pages vues par type de compte",
      description: "Pages vues chaque semaine, comptées sans cookie ni donnée personnelle.",
      anonymous: "Visiteurs",
      candidate: "Candidats",
      agencyAdmin: "Admins d'agence",
      admin: "Admin plateforme",
    },
    routes: {
      title: "Écrans les plus vus",
      hint: "Sur les 12 dernières semaines, tous comptes confondus.",
      screen: "Écran",
      views: "Pages vues",
      empty: "Aucune page vue sur les 12 dernières semaines.",
    },
  },

  /** The screens of the route map, by pattern, as the most viewed screens name them. */
  screens: {
    "/": "Accueil",
    "/dashboard": "Tableau de bord",
    "/contacts": "Mon réseau",
    "/contact/:id": "Fiche d'un contact",
    "/applications": "Opportunités",
    "/application/:id": "Fiche d'une opportunité",
    "/activities": "Activités",
    "/task/:id": "Fiche d'une tâche",
    "/event/:id": "Fiche d'un rendez-vous",
    "/profile": "Profil",
    "/ask-subscription": "Abonnement Premium",
    "/success": "Paiement confirmé",
    "/legal-notice": "Mentions légales",
    "/cgu": "Conditions générales d'utilisation",
    "/help": "Aide",
    "/unsubscribe": "Désinscription des e-mails",
    "/candidates": "Candidats",
    "/candidates/:id/progress": "Progression d'un candidat",
    "/insight": "Suivi de l'agence ou de la plateforme",
    "/agencies": "Agences",
    "/agencies/:id/insight": "Suivi d'une agence",
    "/login": "Connexion",
    "/new-password": "Création du mot de passe",
    "/update-password": "Nouveau mot de passe",
  } as Record<string, string>,

  sort: {
    ascending: "trié par ordre croissant",
    descending: "trié par ordre décroissant",
  },
} as const;
