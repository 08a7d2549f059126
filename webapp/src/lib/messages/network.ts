// The texts of the network screens (/contacts, /contact/{id}, the contact modal, the import
// flow). Part of the catalogue of src/lib/messages.ts, kept apart so that it loads with those
// screens. Same typography rules: messages quoted by the specification word for word, elsewhere
// a non-breaking space before « : ; ? ! » and inside « ».

const nb = "\u00a0";

/** 5000 → "5 000" (French grouping with a non-breaking space). */
function count(n: number): string {
  return n.toLocaleString("fr-FR").replace(/\u202f/g, nb);
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)}${nb}${n > 1 ? many : one}`;
}

export const networkMessages = {
  status: {
    new: "Nouveau",
    incomplete: "Incomplet",
    engaged: "Engagé",
    thanked: "Remercié",
  },

  list: {
    title: "Mon réseau",
    count: (n: number) => (n === 0 ? "Aucun contact" : plural(n, "contact", "contacts")),
    load: "vos contacts",
    shown: (shown: number, total: number) => `${count(shown)} sur ${count(total)} affiché${shown > 1 ? "s" : ""}`,
    stateBar: "Mes contacts par statut",
    search: "Rechercher un nom ou une entreprise",
    searchPlaceholder: "Nom ou entreprise…",
    statusFilter: "Statut",
    tagFilter: "Étiquettes",
    /** « Impossible de charger … » in the tag filter's menu. */
    loadTags: "vos étiquettes",
    clearFilters: "Effacer les filtres",
    callBackFilter: "À relancer",
    removeFilter: (label: string) => `Retirer le filtre ${label}`,
    export: "Exporter",
    exportMenu: "Exporter mes contacts",
    exportCsv: "Tableur (.csv)",
    exportCsvHint: "Excel, LibreOffice, Google Sheets",
    exportVCard: "Téléphone (.vcf)",
    exportVCardHint: "Contacts de l'iPhone, d'Android, Outlook",
    exportError: "Erreur lors de l'export des contacts",
    import: "Importer",
    add: "Ajouter un contact",
    fab: "Créer",
    fabContact: "Nouveau contact",
    fabImport: "Importer des contacts",
    fabTask: "Nouvelle tâche",
    fabInterview: "Nouvel entretien",
    columns: {
      name: "Nom",
      application: "Opportunité",
      company: "Entreprise",
      phone: "Téléphone",
      email: "E-mail",
      rank: "Rang",
      status: "Statut",
      actions: "Actions",
    },
    linkedToApplication: "Lié à une opportunité",
    rank: (rank: number, parent: string | undefined) => `${rank} — ${parent ? `via ${parent}` : "Vous"}`,
    emptyTitle: "Votre réseau commence ici",
    emptyText:
      "Ajoutez les personnes qui peuvent vous ouvrir une porte\u00a0: anciens collègues, recruteurs, amis… ou importez vos contacts LinkedIn, Google ou Outlook.",
    noMatchTitle: "Aucun contact ne correspond",
    noMatchText: "Modifiez votre recherche ou vos filtres.",
    pages: "Pages de la liste",
  },

  actions: {
    menu: (name: string) => `Actions pour ${name}`,
    addTask: "Ajouter une tâche",
    addInterview: "Ajouter un entretien",
    edit: "Modifier",
    exportVCard: "Exporter la fiche (.vcf)",
    delete: "Supprimer",
    /** The contact is engaged or thanked. */
    notDeletableStatus: "La suppression n'est pas possible pour un contact en cours ou clôturé",
    /** The contact is new or incomplete but has activities or an opportunity. */
    notDeletableLinked: "La suppression n'est pas possible pour un contact lié à des activités ou à une opportunité",
    deleteTitle: `Supprimer ce contact${nb}?`,
    /** Agrees with the contact's civility: « retirée » for a woman, « retiré » otherwise. */
    deleteMessage: (name: string, female = false) =>
      `${name} sera définitivement ${female ? "retirée" : "retiré"} de votre réseau. Les personnes présentées par ce contact seront rattachées à son intermédiaire.`,
    deleteConfirm: "Supprimer",
    soonTitle: "Bientôt disponible",
    soonTask: (name: string) =>
      `La planification d'une tâche avec ${name} depuis votre réseau arrive très bientôt. En attendant, notez-la dans les notes du contact.`,
    soonInterview: (name: string) =>
      `La planification d'un entretien avec ${name} depuis votre réseau arrive très bientôt. En attendant, notez-le dans les notes du contact.`,
    soonGeneric: "Cette fonctionnalité arrive très bientôt dans Tremplin.",
  },

  toasts: {
    created: "Le contact a été créé",
    createdWithTask: "Le contact et sa première tâche ont été créés",
    updated: "Le contact a été modifié",
    updatedWithTask: "Le contact a été modifié et sa première tâche créée",
    deleted: "Le contact a été supprimé",
    createError: "Erreur lors de la création du contact",
    updateError: "Erreur lors de la modification du contact",
    deleteError: "Erreur lors de la suppression du contact",
    gone: "Ce contact n'existe plus",
  },

  form: {
    createTitle: "Nouveau contact",
    editTitle: "Modifier le contact",
    loading: "Chargement du contact…",
    identity: "Identité",
    details: "Coordonnées",
    network: "Réseau",
    notes: "Notes et ressources",
    civility: "Civilité",
    civilities: { unspecified: "Non précisée", female: "Madame", male: "Monsieur", other: "Autre" },
    touchRhythm: "Rester en contact",
    touchRhythmHelp: "Tremplin vous proposera de le relancer quand le temps sera passé.",
    touchRhythms: { none: "Pas de rythme", twoWeeks: "Toutes les deux semaines", month: "Tous les mois", quarter: "Tous les trimestres" },
    firstName: "Prénom",
    lastName: "Nom",
    lastNameHelp: "En majuscules\u00a0: lettres, espaces, apostrophes et tirets",
    email: "E-mail",
    mobile: "Mobile",
    phone: "Téléphone fixe",
    company: "Entreprise",
    job: "Poste",
    parent: "Intermédiaire",
    parentHelp: "La personne qui vous a présenté ce contact",
    parentYou: "Vous",
    parentYouDetail: "Vous connaissez ce contact directement",
    parentNoOptions: "Aucun contact ne correspond",
    parentMore: (n: number) => `${count(n)} autres contacts${nb}: tapez un nom pour affiner`,
    parentRule: "Les contacts incomplets et ceux que ce contact vous a présentés ne peuvent pas être choisis.",
    /** The chosen intermediary was deleted meanwhile (the save's NotFound). */
    parentGone: `Ce contact n'existe plus${nb}: choisissez-en un autre`,
    tags: "Étiquettes",
    tagsHelp: "Ville, secteur, type… Entrée pour ajouter une nouvelle étiquette",
    /** The existing tags could not be read; a new one may still be typed. */
    tagsError: "Vos étiquettes n'ont pas pu être chargées. Entrée pour ajouter une nouvelle étiquette",
    tagsPremium: "Les étiquettes sont réservées aux abonnés Premium",
    comments: "Notes",
    resources: "Ressources",
    resourceLabel: "Libellé",
    resourceUrl: "Adresse (URL)",
    addResource: "Ajouter une ressource",
    removeResource: "Retirer la ressource",
    resourcesHelp: "Une ressource n'est enregistrée qu'avec un libellé et une adresse.",
    statusPreview: "Statut à l'enregistrement",
    incompleteHint:
      "Sans téléphone, mobile ni e-mail, ce contact sera «\u00a0Incomplet\u00a0»\u00a0: vous ne pourrez pas encore le choisir comme intermédiaire.",
    reachableHint: "Vous pourrez planifier votre premier échange à l'étape suivante.",
    cancel: "Annuler",
    next: "Continuer",
    submitCreate: "Créer le contact",
    submitUpdate: "Enregistrer",
    stepOf: (n: number) => `Étape ${n} sur 2`,
    stepContact: "Le contact",
    stepTask: "Première tâche",
  },

  firstTask: {
    intro: (name: string) => `Planifiez dès maintenant votre premier échange avec ${name}.`,
    subject: "Sujet",
    mediaType: "Moyen de contact",
    deadline: "Échéance",
    priority: "Priorité",
    comments: "Commentaire",
    back: "Retour",
    skip: "Ignorer",
    createWithTask: "Créer le contact et la tâche",
    updateWithTask: "Enregistrer et créer la tâche",
    deadlinePast: "L'échéance ne peut pas être antérieure à aujourd'hui",
  },

  incompleteNotice: {
    title: "Contact incomplet",
    message:
      "Ce contact n'a ni téléphone, ni mobile, ni e-mail\u00a0: il est enregistré avec le statut «\u00a0Incomplet\u00a0». Complétez ses coordonnées dès que possible pour pouvoir le contacter et planifier un premier échange.",
  },

  details: {
    title: "Fiche contact",
    breadcrumb: "Fil d'Ariane",
    addedOn: (date: string) => `Ajouté le ${date}`,
    info: "Informations",
    email: "E-mail",
    mobile: "Mobile",
    phone: "Téléphone fixe",
    company: "Entreprise",
    job: "Poste",
    touchRhythm: "Rester en contact",
    rank: "Rang",
    parent: "Intermédiaire",
    notes: "Notes",
    resources: "Ressources",
    tags: "Étiquettes",
    none: "—",
    opensInNewTab: "(s'ouvre dans un nouvel onglet)",
    activities: "Activités",
    inProgress: "En cours",
    finished: "Terminées",
    noInProgress: "Aucune activité en cours avec ce contact.",
    noFinished: "Aucune activité terminée pour le moment.",
    applications: "Opportunités liées",
    noApplications: "Ce contact n'est lié à aucune opportunité.",
    // « Impossible de charger … » when a panel's call failed.
    loadActivities: "les activités de ce contact",
    loadApplications: "les opportunités liées à ce contact",
    loadRecommended: "les contacts qu'il vous a présentés",
    recommended: "Contacts recommandés",
    recommendedIntro: "Les personnes que ce contact vous a présentées.",
    noRecommended: "Ce contact ne vous a encore présenté personne.",
    load: "ce contact",
    notFoundTitle: "Contact introuvable",
    notFoundText: "Ce contact n'existe pas ou plus dans votre réseau.",
    backToNetwork: "Retour à mon réseau",
    completed: "Terminée",
  },

  merge: {
    title: "Fusionner des doublons",
    notice: (n: number) => (n > 1 ? `${count(n)} paires de contacts semblent être la même personne.` : "Deux de vos contacts semblent être la même personne."),
    review: "Examiner",
    left: (n: number) => (n > 1 ? `${count(n)} doublons à examiner` : "1 doublon à examiner"),
    reasons: { name: "Même nom", email: "Même e-mail", mobile: "Même mobile" } as Record<"name" | "email" | "mobile", string>,
    intro: "Choisissez, pour chaque information qui diffère, celle à garder. Les activités, opportunités, étiquettes, liens et contacts présentés des deux fiches sont réunis.",
    kept: "Fiche gardée",
    added: (date: string) => `ajoutée le ${date}`,
    both: "Les deux",
    none: "—",
    noIntermediary: "Vous (aucun intermédiaire)",
    togetherTags: (names: string) => `Étiquettes réunies\u00a0: ${names}`,
    togetherLinks: (n: number) => `${plural(n, "lien réuni", "liens réunis")}`,
    confirm: "Fusionner",
    skip: "Ce ne sont pas les mêmes personnes",
    merged: "Les deux contacts ont été fusionnés",
    error: "Erreur lors de la fusion des contacts",
    done: "Plus aucun doublon à examiner.",
    // « Impossible de charger … » when the pairs could not be read (the notice, the flow).
    load: "les doublons à examiner",
  },

  callBacks: {
    title: "À relancer cette semaine",
    intro: "Sans nouvelles depuis un moment\u00a0: un message suffit souvent à garder le lien.",
    lastTouch: (date: string) => `Dernier échange le ${date}`,
    never: "Jamais contacté",
    plan: "Planifier",
    planFor: (name: string) => `Planifier une relance avec ${name}`,
    seeAll: (n: number) => `Voir les ${count(n)} contacts à relancer`,
    // « Impossible de charger … » when ListCallBacks failed (the panel, the list's filter).
    load: "les contacts à relancer",
  },

  importFlow: {
    title: "Importer des contacts",
    intro:
      "Importez les contacts de votre téléphone (fichier vCard .vcf), ou un fichier CSV exporté de LinkedIn, Google Contacts ou Outlook, ou rempli à partir de notre modèle. Vous choisirez ensuite les contacts à ajouter.",
    choose: "Choisir un fichier",
    drop: "ou glissez-déposez-le ici",
    fileRule: "Fichier .csv ou .vcf, 5\u00a0Mo au maximum",
    helpTitle: "Où trouver mon fichier\u00a0?",
    help: [
      {
        key: "iphone",
        title: "iPhone",
        text: "Dans Contacts, touchez Listes, maintenez le doigt sur «\u00a0Tous les contacts\u00a0» puis touchez Exporter\u00a0: le fichier .vcf s'enregistre dans Fichiers.",
      },
      {
        key: "android",
        title: "Android",
        text: "Dans Contacts, ouvrez le menu › Gérer les contacts (ou Paramètres) › Exporter vers un fichier .vcf.",
      },
      {
        key: "linkedin",
        title: "LinkedIn",
        text: "Préférences › Confidentialité des données › Obtenir une copie de vos données › Relations. Le fichier Connections.csv arrive par e-mail.",
      },
      {
        key: "google",
        title: "Google Contacts",
        text: "Sur contacts.google.com, cliquez sur Exporter puis choisissez «\u00a0vCard\u00a0» ou «\u00a0CSV Google\u00a0».",
      },
      {
        key: "outlook",
        title: "Outlook",
        text: "Fichier › Ouvrir et exporter › Importer/Exporter › Exporter vers un fichier › Valeurs séparées par une virgule.",
      },
      {
        key: "template",
        title: "Notre modèle",
        text: "Une ligne par contact, avec les colonnes First Name, Last Name, E-mail Address, Company, Job Title, Business Phone, Mobile Phone, Notes.",
      },
    ],
    template: "Télécharger le modèle",
    templateFile: "modele-contacts-tremplin.csv",
    loading: "Lecture du fichier…",
    loadingDetail: "Nous repérons les contacts qui ne sont pas encore dans votre réseau.",
    found: (n: number) => (n > 1 ? `${count(n)} nouveaux contacts trouvés` : `${n} nouveau contact trouvé`),
    /** « 3 lignes ignorées : 2 déjà dans votre réseau, 1 sans nom »; undefined when none was. */
    skipped: (s: { alreadyInNetwork: number; duplicateInFile: number; noName: number }) => {
      const total = s.alreadyInNetwork + s.duplicateInFile + s.noName;
      if (total <= 0) return undefined;
      const reasons = [
        s.alreadyInNetwork > 0 && `${count(s.alreadyInNetwork)} déjà dans votre réseau`,
        s.duplicateInFile > 0 && `${count(s.duplicateInFile)} en double dans le fichier`,
        s.noName > 0 && `${count(s.noName)} sans nom`,
      ].filter(Boolean);
      return `${plural(total, "ligne ignorée", "lignes ignorées")}${nb}: ${reasons.join(", ")}`;
    },
    selectAll: "Tout sélectionner",
    unselectAll: "Tout désélectionner",
    search: "Rechercher dans la liste",
    noMatch: "Pas de contact correspondant au critère",
    selected: (n: number, total: number) => `${count(n)} sur ${count(total)} sélectionné${n > 1 ? "s" : ""}`,
    confirm: (n: number, completed = 0) =>
      n > 0 && completed > 0
        ? `Importer ${plural(n, "contact", "contacts")} et en compléter ${count(completed)}`
        : n > 0
          ? `Importer ${plural(n, "contact", "contacts")}`
          : completed > 0
            ? `Compléter ${plural(completed, "contact", "contacts")}`
            : "Importer",
    completionsTitle: (n: number) =>
      n > 1 ? `${count(n)} contacts de votre réseau que ce fichier complète` : "1 contact de votre réseau que ce fichier complète",
    completionsHelp: (n: number) => `Ce qui ${n > 1 ? "leur" : "lui"} manque est ajouté\u00a0; rien de ce que vous avez écrit n'est remplacé.`,
    completionFields: {
      email: "e-mail",
      mobile_number: "mobile",
      phone_number: "téléphone",
      company: "entreprise",
      job: "poste",
      civility: "civilité",
      comments: "notes",
      resources: "liens",
    } as Record<string, string>,
    completeOne: "Compléter",
    adds: (fields: string) => `Ajoute\u00a0: ${fields}`,
    completed: (n: number) => (n > 1 ? `${count(n)}${nb}contacts ont été complétés` : `1${nb}contact a été complété`),
    another: "Choisir un autre fichier",
    nothing: "Aucun nouveau contact dans ce fichier\u00a0: ils sont peut-être déjà tous dans votre réseau.",
    showMore: (n: number) => `Afficher ${count(n)} de plus`,
    error: "Erreur lors de l'importation de contacts",
    tooLarge: "Le fichier est trop volumineux\u00a0: 5\u00a0Mo et 10\u00a0000 contacts au maximum.",
    wrongType: "Choisissez un fichier au format .csv ou .vcf.",
    imported: (n: number) => (n > 1 ? `${count(n)}${nb}contacts ont été importés` : `1${nb}contact a été importé`),
  },
} as const;
