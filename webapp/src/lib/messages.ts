// The French message catalogue. Every piece of text the user can read lives in src/lib:
// - here, what the public pages (login, password links, legal pages) need from the first paint,
//   with the validation and error messages;
// - src/lib/messages/resetPassword.ts, the reset-password modal's form (it loads when opened);
// - src/lib/messages/screens.ts, the signed-in shell (header, menus), the modal host, the toasts
//   and the short texts of the other screens;
// - src/lib/content/, the long-form texts (terms of use, legal notice, help, quotes).
// The last two load with the screens that show them, to keep the login page small.
// Messages quoted by the product specification are kept word for word (straight apostrophes
// included). Elsewhere: non-breaking spaces (\u00a0) before « : ; ? ! » and inside « ».

const nb = "\u00a0";

export const messages = {
  app: {
    name: "Tremplin",
    tagline: "Votre recherche d'emploi, organisée et motivante",
    loading: "Chargement en cours…",
    skipToContent: "Aller au contenu",
  },

  validation: {
    required: "Ce champ est obligatoire",
    email: "Le format de l'email est incorrect",
    password: "Le format du mot de passe est incorrect",
    passwordConfirm: "Les 2 mots de passe ne sont pas identiques",
    phone: "Le format du numéro de téléphone est incorrect",
    /** A day or time field holding no whole, real date or time (the spec's style: not its words). */
    date: "Le format de la date est incorrect",
    time: "Le format de l'heure est incorrect",
    terms:
      "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe",
    candidatesToDelete: "Cochez d'abord les candidats à supprimer",
    thresholds: "Seuils paramétrés incohérents",
  },

  errors: {
    generic: "Une erreur est survenue",
    authentication: "Erreur lors de l'authentification",
    noLicence:
      "Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.",
    /** A B2B candidate who holds no licence (never given one): not an expiry. */
    noLicenceYet:
      "Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte.",
    tooManyAttempts: `Trop de tentatives de connexion. Réessayez dans quelques minutes.`,
    sessionExpired: `Votre session a expiré. Merci de vous reconnecter.`,
    network: `Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.`,
    crashTitle: "Une erreur est survenue",
    crashBody: `Un problème inattendu a interrompu l'affichage de cette page. Rechargez la page${nb}; si le problème persiste, contactez-nous.`,
    crashReload: "Recharger la page",
    unknownRole: "Rôle d'utilisateur inconnu",
    passwordLinkInvalid: `Ce lien n'est plus valide${nb}: il a déjà servi ou il a expiré. Demandez un nouveau lien depuis la page de connexion.`,
    passwordSave: "Erreur lors de l'enregistrement du mot de passe",
  },

  // What the public pages link to; the signed-in header's texts are in messages/screens.ts.
  nav: {
    login: "Se connecter",
    help: "Aide",
    legalNotice: "Mentions légales",
    cgu: "Conditions générales d'utilisation",
    footerRights: `© ${new Date().getFullYear()} Tremplin SAS`,
  },

  login: {
    title: "Connexion",
    welcome: "Bon retour parmi nous",
    subtitle: "Connectez-vous pour retrouver votre réseau, vos activités et vos opportunités.",
    email: "Adresse e-mail",
    password: "Mot de passe",
    showPassword: "Afficher le mot de passe",
    hidePassword: "Masquer le mot de passe",
    submit: "Se connecter",
    forgotten: `Mot de passe oublié${nb}?`,
    resetTitle: "Réinitialiser votre mot de passe",
    noAccount: `Pas encore de compte${nb}? Votre agence ou votre conseiller vous envoie une invitation par e-mail.`,
    heroTitle: "Donnez de l'élan à votre recherche d'emploi",
    heroPoints: [
      "Un réseau de contacts toujours à jour",
      "Vos tâches, rendez-vous et entretiens au même endroit",
      "Des objectifs hebdomadaires pour garder le rythme",
    ],
  },
} as const;

export type Messages = typeof messages;
