// The short texts of the screens behind the login page (home, subscription, help,
// placeholders, legal pages). Part of the catalogue of src/lib/messages.ts, kept apart so that
// it loads with those screens. Same typography rules.

const nb = "\u00a0";

export const screenMessages = {
  /** A panel or a list whose call failed (src/components/LoadError.tsx). */
  loadError: {
    text: (what: string) => `Impossible de charger ${what}.`,
    retry: "Réessayer",
    /** A contact picker whose list failed (the application, task, event and contact forms): its help and its empty popup. */
    contacts: "Vos contacts n'ont pas pu être chargés.",
  },

  // The pages of the e-mailed password links (/new-password, /update-password).
  newPassword: {
    createTitle: "Créez votre mot de passe",
    createSubtitle: "Bienvenue sur Tremplin\u00a0! Choisissez le mot de passe de votre compte.",
    updateTitle: "Choisissez un nouveau mot de passe",
    updateSubtitle: "Votre nouveau mot de passe remplacera l'ancien dès sa validation.",
    password: "Nouveau mot de passe",
    confirm: "Confirmation du mot de passe",
    rules:
      "Au moins 8 caractères, sans espace, dont une majuscule, une minuscule, un chiffre et un caractère spécial.",
    termsBefore: "J'accepte les ",
    termsLink: "conditions générales d'utilisation",
    submitCreate: "Créer mon mot de passe",
    submitUpdate: "Enregistrer le mot de passe",
    submitting: "Enregistrement…",
    success: "Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.",
    backToLogin: "Retour à la connexion",
  },

  shell: {
    home: "Accueil",
    dashboard: "Tableau de bord",
    contacts: "Mon réseau",
    activities: "Activités",
    applications: "Opportunités",
    candidates: "Candidats",
    agencies: "Agences",
    agencyInsight: "Suivi de l'agence",
    platformInsight: "Suivi de la plateforme",
    mainMenu: "Menu principal",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    /** The account button: its visible text (the first name) first, WCAG 2.5.3. */
    userMenu: (shown: string) => `${shown}, menu du compte`,
    profile: "Mon profil",
    premium: "Abonnement Premium",
    logout: "Se déconnecter",
    roles: {
      candidate: "Candidat",
      candidateFemale: "Candidate",
      agencyAdmin: "Administrateur d'agence",
      agencyAdminFemale: "Administratrice d'agence",
      admin: "Administrateur de la plateforme",
      adminFemale: "Administratrice de la plateforme",
    },
    premiumBadge: "Premium",
  },

  toasts: {
    close: "Fermer",
  },

  // Shared list controls (premium badge, filter dropdowns, state bars).
  premium: {
    badge: "Premium",
    hint: "Fonctionnalité réservée aux abonnés Premium",
  },
  filters: {
    clear: "Effacer la sélection",
    empty: "Aucune option",
    loading: "Chargement…",
    active: (n: number) => `${n} filtre${n > 1 ? "s" : ""} actif${n > 1 ? "s" : ""}`,
  },

  modals: {
    cancel: "Annuler",
    confirm: "Confirmer",
    understand: "J'ai compris",
    close: "Fermer",
    // Escape on a form with changes.
    discardTitle: "Abandonner vos modifications\u00a0?",
    discardText: "Ce que vous avez saisi dans ce formulaire sera perdu.",
    keepEditing: "Continuer la saisie",
    discard: "Abandonner",
  },

  home: {
    greeting: (firstName: string) =>
      firstName ? `Bonjour ${firstName}${nb}!` : `Bonjour${nb}!`,
    intro: "Voici comment tirer le meilleur de Tremplin, en quatre étapes.",
    guideTitle: "Comment ça marche",
    steps: [
      {
        title: "Ajoutez un contact",
        text: "Construisez votre réseau\u00a0: anciens collègues, recruteurs, amis… chaque personne peut vous ouvrir une porte.",
        action: "Mon réseau",
      },
      {
        title: "Planifiez une tâche ou un rendez-vous",
        text: "Une relance, un café, un entretien\u00a0: notez-le et Tremplin vous le rappelle au bon moment.",
        action: "Mes activités",
      },
      {
        title: "Ajoutez une candidature",
        text: "Suivez chaque opportunité, de la première prise de contact jusqu'à la réponse finale.",
        action: "Mes opportunités",
      },
      {
        title: "Suivez votre progression",
        text: "Votre tableau de bord mesure vos efforts de la semaine face à vos objectifs.",
        action: "Tableau de bord",
      },
    ],
    stepLabel: (n: number) => `Étape ${n}`,
    quoteTitle: "L'inspiration du jour",
    helpTitle: `Besoin d'un coup de pouce${nb}?`,
    helpText: "Nos conseils pour bien démarrer et tirer parti de chaque fonctionnalité.",
    helpLink: "Consulter l'aide",
    trialEnds: (date: string) =>
      `Votre période d'essai gratuite se termine le ${date}. Profitez-en pour découvrir toutes les fonctionnalités Premium.`,
  },
  placeholder: {
    soon: "Cette page arrive bientôt",
    soonText:
      "Nous mettons la dernière main à cet écran. Il sera disponible dans une prochaine version de Tremplin.",
    backHome: "Retour à l'accueil",
    pages: {
      dashboard: "Tableau de bord",
      applications: "Mes opportunités",
      applicationDetails: "Détail de l'opportunité",
      activities: "Mes activités",
      taskDetails: "Détail de la tâche",
      eventDetails: "Détail du rendez-vous",
      candidates: "Candidats",
      agencies: "Agences",
      profile: "Mon profil",
    },
  },
  billing: {
    askTitle: "Passez à Tremplin Premium",
    askIntro:
      "Accédez à tous les outils qui accélèrent votre recherche d'emploi, sans limite.",
    trialOverTitle: "Votre période d'essai est terminée",
    trialOverIntro:
      "Merci d'avoir essayé Tremplin\u00a0! Pour continuer à profiter de toutes les fonctionnalités, passez à l'abonnement Premium.",
    featuresTitle: "Premium, c'est\u00a0:",
    features: [
      "L'import de vos contacts en masse (LinkedIn, Google, Outlook…)",
      "La recherche dans vos contacts",
      "La recherche dans vos activités",
      "La recherche dans vos opportunités",
      "Les filtres et les étiquettes pour organiser votre réseau",
      "Des objectifs hebdomadaires à votre mesure",
    ],
    price: `8${nb}€`,
    priceUnit: "TTC / mois",
    priceTerms: "Sans engagement, renouvelé chaque mois. Résiliable à tout moment.",
    trialIntro: (date: string) =>
      `Votre période d'essai gratuite se termine le ${date}. Abonnez-vous dès maintenant pour garder tous les outils Premium ensuite.`,
    agencyIntro:
      "Votre accès à Tremplin vous est offert par votre agence, avec une licence. Pour le prolonger, rapprochez-vous d'elle.",
    subscribe: "Je m'abonne",
    paymentSecure: "Paiement sécurisé par notre prestataire de paiement.",
    paymentUnavailable: "Le paiement en ligne n'est pas configuré sur ce serveur.",
    videoTitle: "Tremplin en vidéo",
    videoText: "Une visite de l'espace candidat en moins d'une minute, sous-titrée en français.",
    alreadyPremiumTitle: "Vous profitez déjà de Premium",
    alreadyPremiumText: "Toutes les fonctionnalités de Tremplin vous sont ouvertes.",
    alreadySubscribedTitle: "Vous êtes abonné à Tremplin Premium",
    alreadySubscribedText:
      "Toutes les fonctionnalités de Tremplin vous sont ouvertes. Votre abonnement se gère depuis votre profil.",
    seeSubscription: "Voir mon abonnement",
    backHome: "Retour à l'accueil",
    confirming: "Confirmation de votre paiement…",
    successTitle: `Merci, votre abonnement est activé${nb}!`,
    successText: "Toutes les fonctionnalités Premium vous sont désormais ouvertes.",
    successCountdown: (s: number) =>
      `Vous allez être redirigé vers l'accueil dans ${s}${nb}seconde${s > 1 ? "s" : ""}.`,
    successNow: "Aller à l'accueil maintenant",
    pendingTitle: "Paiement en attente de confirmation",
    pendingText:
      "Notre prestataire de paiement ne nous a pas encore confirmé votre paiement. S'il a abouti, votre abonnement apparaîtra dans votre profil d'ici quelques minutes.",
    unknownTitle: "Paiement introuvable",
    unknownText:
      "Ce lien ne correspond à aucun paiement de votre compte. Votre abonnement n'a pas été modifié.",
    noSessionTitle: "Aucun paiement à confirmer",
    noSessionText:
      "Cette page s'affiche à la fin d'un paiement. Pour vous abonner ou suivre votre abonnement, passez par la page Premium ou par votre profil.",
    failedTitle: "La confirmation de votre paiement a échoué",
    failedText: `Nous n'avons pas pu joindre notre prestataire de paiement. Réessayez dans un instant${nb}: un paiement déjà fait ne vous sera pas demandé une seconde fois.`,
    retry: "Réessayer",
    discoverPremium: "Découvrir Premium",
  },
  help: {
    title: "Aide",
    intro:
      "Tout ce qu'il faut savoir pour organiser votre recherche d'emploi avec Tremplin.",
    introAgency: "Tout ce qu'il faut savoir pour accompagner vos candidats avec Tremplin.",
    videoTitle: "Découvrir Tremplin en vidéo",
    videoText: "Une visite de l'espace candidat en moins d'une minute, sous-titrée en français.",
    videoCaptions: "Sous-titres français",
    videoFallback: `Votre navigateur ne lit pas cette vidéo${nb}: vous pouvez la télécharger.`,
    tipsTitle: "Nos conseils",
    contactTitle: `Une question${nb}? Écrivez-nous`,
    contactText:
      "Notre équipe vous répond par e-mail du lundi au vendredi, généralement sous 24 heures ouvrées.",
    contactEmail: "support@tremplin.fr",
  },
  legal: {
    contents: "Sommaire",
  },
} as const;
