// The texts of the « Clés d'API » panel (the agency admin's profile, the platform admin's profile
// and agencies page). Part of the catalogue of src/lib/messages.ts, kept apart so that it loads
// with those screens. Same typography rules.

const nb = "\u00a0";

export const apiKeyMessages = {
  title: "Clés d'API",
  /** « Impossible de charger … » when the list could not be read. */
  load: "les clés d'API",
  intro: {
    agency: `Une clé d'API permet à votre logiciel (ATS, CRM…) d'utiliser l'API de Tremplin au nom de votre agence, avec les mêmes droits que vous${nb}: créer des candidats, leur attribuer des licences, suivre leur progression. Elle ne peut pas gérer les clés.`,
    platform: `Une clé de plateforme agit comme l'administrateur de la plateforme (tremplinctl, outils internes). Les clés des agences se créent depuis la page Agences.`,
    agencyOf: (name: string) => `Ces clés agissent au nom de l'agence «${nb}${name}${nb}», avec les droits de son administrateur.`,
  },
  usage: `Une clé s'envoie dans l'en-tête Authorization${nb}: Bearer <clé>.`,
  name: "Nom de la clé",
  nameHelp: `Pour la reconnaître, par exemple «${nb}ATS Horizon${nb}».`,
  create: "Créer une clé",
  creating: "Création…",
  createError: "Erreur lors de la création de la clé",
  secret: {
    title: "Votre nouvelle clé",
    warning: `Copiez cette clé maintenant${nb}: elle ne sera plus jamais affichée. Si vous la perdez, révoquez-la et créez-en une autre.`,
    label: "Clé secrète",
    copy: "Copier la clé",
    copied: "La clé a été copiée",
    copyError: `Impossible de copier automatiquement${nb}: sélectionnez la clé et copiez-la`,
    done: "J'ai copié la clé",
  },
  empty: "Aucune clé pour l'instant.",
  list: "Clés existantes",
  prefix: "Préfixe",
  agency: "Agence",
  platformKey: "Plateforme",
  created: "Créée le",
  lastUsed: "Dernière utilisation",
  neverUsed: "Jamais utilisée",
  revokedOn: "Révoquée le",
  active: "Active",
  revoked: "Révoquée",
  revoke: "Révoquer",
  revokeFor: (name: string) => `Révoquer la clé ${name}`,
  revokeConfirm: (name: string) =>
    `Révoquer la clé «${nb}${name}${nb}»${nb}? Elle sera refusée dès le prochain appel, définitivement.`,
  revokeYes: "Révoquer définitivement",
  cancel: "Annuler",
  revokeDone: "La clé a été révoquée",
  revokeError: "Erreur lors de la révocation de la clé",
  openFor: (name: string) => `Clés d'API de ${name}`,
};
