// The texts of /applications: the list (table and cards) and the board. Part of the catalogue
// of src/lib/messages.ts, loaded with that screen. Same typography rules: a non-breaking space
// before « : ; ? ! » and inside « ».

const nb = "\u00a0";

function count(n: number): string {
  return n.toLocaleString("fr-FR").replace(/\u202f/g, nb);
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)}${nb}${n > 1 ? many : one}`;
}

export const applicationListMessages = {
  title: "Mes opportunités",
  count: (n: number) => (n === 0 ? "Aucune candidature" : plural(n, "candidature", "candidatures")),
  shown: (shown: number, total: number) => `${count(shown)} sur ${count(total)} affichée${shown > 1 ? "s" : ""}`,
  stateBar: "Mes candidatures par statut",
  search: "Rechercher une entreprise",
  searchPlaceholder: "Entreprise…",
  statusFilter: "Statut",
  clearFilters: "Effacer les filtres",
  removeFilter: (label: string) => `Retirer le filtre ${label}`,
  add: "Ajouter une candidature",
  emptyTitle: "Suivez vos candidatures ici",
  emptyText:
    "Ajoutez chaque offre à laquelle vous répondez ou chaque candidature spontanée\u00a0: vous verrez d'un coup d'œil où vous en êtes, de la première démarche jusqu'à la réponse.",
  noMatchTitle: "Aucune candidature ne correspond",
  noMatchText: "Modifiez votre recherche ou vos filtres.",

  view: {
    label: "Affichage",
    list: "Liste",
    board: "Tableau",
  },

  columns: {
    actions: "Actions",
    subject: "Entreprise et poste",
    reference: "Référence",
    salary: "Salaire",
    source: "Source",
    sourceDetails: "Détails de la source",
    publication: "Publication",
    place: "Lieu",
    status: "Statut",
  },
  /** Read out on a card, before a value. */
  card: {
    reference: "Réf.",
    publication: (date: string) => `Publiée le ${date}`,
    contacts: (n: number) => plural(n, "contact associé", "contacts associés"),
    open: (company: string, job: string) => `${company} — ${job}`,
  },

  actions: {
    menu: (company: string) => `Actions pour ${company}`,
    details: "Voir le détail",
    edit: "Modifier",
    addTask: "Ajouter une tâche",
    addInterview: "Ajouter un entretien",
    close: "Clôturer (gagnée ou perdue)",
  },

  board: {
    title: "Tableau des candidatures",
    column: (label: string, n: number) => `${label}, ${plural(n, "candidature", "candidatures")}`,
    empty: "Aucune candidature",
    picker: "Colonne affichée",
    pickerOption: (label: string, n: number) => `${label} (${count(n)})`,
    move: "Déplacer vers…",
    /** The move button's name: its visible text first (WCAG 2.5.3), then which card. */
    moveLabel: (company: string) => `Déplacer vers… (${company})`,
    closed: "Clôturée",
    closedHint: "Une candidature gagnée ou perdue est définitive.",
    dragHint:
      "Glissez une carte vers «\u00a0Perdue\u00a0» ou «\u00a0Gagnée\u00a0», ou utilisez son bouton «\u00a0Déplacer vers…\u00a0» au clavier.",
    /** In the move menu, after the columns offered: why the others are not there. */
    unavailableItem: (label: string, reason: string) => `${label}${nb}: ${reason}`,
    whyNotEngaged: "automatique dès qu'une tâche ou un entretien de cette candidature est terminé.",
    whyNotNew: "une candidature engagée ne revient pas en arrière.",
    moved: (company: string, label: string) => `${company} est maintenant dans la colonne «\u00a0${label}\u00a0».`,
    cancelled: (company: string) => `${company} n'a pas été déplacée.`,
  },
};
