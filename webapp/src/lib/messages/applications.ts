// The texts of the application modals (create, edit, report) and of /application/{id}. Part of
// the catalogue of src/lib/messages.ts, loaded with those screens. Same typography rules: the
// spec's messages word for word, elsewhere a non-breaking space before « : ; ? ! » and inside « ».
// The list and the board of /applications keep theirs in applicationList.ts.

const nb = "\u00a0";

export const applicationMessages = {
  list: {
    // The section as the menu names it (« Opportunités »), for the breadcrumb back to the list.
    title: "Opportunités",
    add: "Ajouter une candidature",
    /** « Impossible de charger … » when the list of /applications could not be read. */
    load: "vos candidatures",
  },

  form: {
    createTitle: "Nouvelle candidature",
    editTitle: "Modifier la candidature",
    loading: "Chargement de la candidature…",
    offer: "L'offre",
    origin: "Origine",
    people: "Contacts et liens",
    aboutOffer: "Description",
    company: "Entreprise",
    job: "Poste",
    reference: "Référence de l'offre",
    place: "Lieu",
    salary: "Salaire ou TJM",
    salaryHelp: "Tel qu'annoncé\u00a0: « 45-50 k€ », « 550 € / jour »…",
    description: "Description du poste",
    source: "Source",
    sourceDetails: "Précisions sur la source",
    sourceDetailsHelp: "Le site, le cabinet ou la personne qui vous a transmis l'offre",
    referenceHidden: "Candidature par votre réseau\u00a0: pas de référence d'offre.",
    dateOfPublication: "Date de publication",
    contacts: "Contacts associés",
    contactsHelp: "Les personnes de votre réseau liées à cette candidature",
    contactsEmpty: "Aucun contact ne correspond",
    contactsLoading: "Chargement des contacts…",
    cancel: "Annuler",
    submitCreate: "Créer la candidature",
    submitUpdate: "Enregistrer",
    contactGone: "Un des contacts choisis n'existe plus. Vérifiez la liste et réessayez.",
  },

  firstTask: {
    title: "Et la suite\u00a0?",
    intro: (company: string) => `Candidature enregistrée. Planifiez dès maintenant votre première action pour ${company}.`,
  },

  report: {
    title: "Clôturer la candidature",
    intro: "Une candidature gagnée ou perdue est définitive\u00a0: elle ne pourra plus être modifiée.",
    outcome: "Résultat",
    lost: "Perdue",
    lostHint: "Refus, poste pourvu, abandon…",
    win: "Gagnée",
    winHint: "Vous avez décroché le poste\u00a0!",
    comment: "Commentaire",
    commentHelp: "Ce que vous retenez de cette candidature",
    cancel: "Annuler",
    submit: "Clôturer la candidature",
  },

  toasts: {
    created: "Candidature créée",
    createError: "Erreur lors de la création de la candidature",
    updated: "Candidature modifiée",
    updateError: "Erreur lors de la modification de la candidature",
    completed: "Candidature clôturée",
    completeError: "Erreur lors de la clôture de la candidature",
    closed: "Cette candidature est clôturée\u00a0: elle ne peut plus être modifiée.",
    gone: "Cette candidature n'existe plus.",
    associated: (name: string) => `${name} est maintenant associé à cette candidature`,
    associateError: "Erreur lors de l'association du contact",
  },

  details: {
    title: "Candidature",
    breadcrumb: "Fil d'Ariane",
    createdOn: (date: string) => `Créée le ${date}`,
    engagedOn: (date: string) => `engagée le ${date}`,
    edit: "Modifier",
    complete: "Marquer comme terminée",
    addTask: "Ajouter une tâche",
    addInterview: "Ajouter un entretien",
    final: "Candidature clôturée\u00a0: elle ne peut plus être modifiée.",
    activities: "Activités",
    inProgress: "En cours",
    finished: "Terminées",
    noInProgress: "Aucune activité en cours pour cette candidature.",
    noFinished: "Aucune activité terminée pour cette candidature.",
    /** « Impossible de charger … » when the panel's calls failed. */
    loadActivities: "les activités de cette candidature",
    report: "Bilan",
    reportWin: "Candidature gagnée",
    reportLost: "Candidature perdue",
    reportNoComment: "Pas de commentaire.",
    closedOn: (date: string) => `Clôturée le ${date}`,
    description: "Description",
    noDescription: "Pas de description.",
    info: "Informations",
    salary: "Salaire ou TJM",
    source: "Source",
    sourceDetails: "Précisions sur la source",
    dateOfPublication: "Date de publication",
    place: "Lieu",
    reference: "Référence",
    status: "Statut",
    resources: "Liens",
    none: "—",
    opensInNewTab: "(s'ouvre dans un nouvel onglet)",
    contacts: "Contacts associés",
    noContacts: "Aucun contact associé à cette candidature.",
    notFoundTitle: "Candidature introuvable",
    notFoundText: "Cette candidature n'existe pas ou plus. Retrouvez toutes vos candidatures dans la liste.",
    backToList: "Voir mes candidatures",
    /** « Impossible de charger … » when the application could not be read. */
    load: "cette candidature",
  },

  /** The shortened table of a contact's linked applications (no source columns). */
  shortTable: {
    caption: "Opportunités liées à ce contact",
    action: "Action",
    subject: "Candidature",
    reference: "Référence",
    salary: "Salaire",
    dateOfPublication: "Publiée le",
    place: "Lieu",
    status: "Statut",
    open: (company: string, job: string) => `Ouvrir la candidature ${company} — ${job}`,
  },

  known: {
    title: `Qui je connais là-bas${nb}?`,
    intro: (company: string) => `Les personnes de votre réseau qui travaillent chez ${company}, et par qui vous les connaissez.`,
    rank: (rank: number) => (rank === 1 ? "Rang 1" : `Rang ${rank}`),
    direct: "Vous le connaissez directement",
    via: (chain: string) => `via ${chain}`,
    associate: "Associer",
    associateLabel: (name: string) => `Associer ${name} à la candidature`,
    associated: "Associé",
    emptyTitle: "Personne de votre réseau n'y travaille encore",
    emptyText: (company: string) =>
      `Aucun de vos contacts n'a «${nb}${company}${nb}» comme entreprise. Ajoutez les personnes qui y travaillent (l'entreprise est reconnue même écrite autrement, avec ou sans «${nb}SA${nb}», accents ou majuscules).`,
    /** « Impossible de charger … » when the list could not be read. */
    load: "vos contacts dans cette entreprise",
    closed: "Candidature clôturée\u00a0: plus d'association possible.",
  },
};
