// The help page (/help): tips for candidates and for agencies. French spacing is applied when
// the text is shown.

export type HelpTip = { id: string; title: string; text: string };

export const candidateTips: readonly HelpTip[] = [
  {
    id: "premier-cercle",
    title: "Commencez par votre premier cercle",
    text: "Anciens collègues, camarades de promotion, amis, voisins : ajoutez d'abord une dizaine de personnes que vous connaissez déjà. Elles sont votre meilleure porte d'entrée vers les entreprises qui recrutent, souvent avant même que l'offre soit publiée.",
  },
  {
    id: "intermediaire",
    title: "Notez qui vous a recommandé",
    text: "Quand un contact vous présente à quelqu'un, indiquez-le comme intermédiaire sur la fiche du nouveau contact. Tremplin dessine ainsi votre réseau, rang par rang, et vous rappelle de remercier la personne qui vous a ouvert la porte.",
  },
  {
    id: "une-tache-une-action",
    title: "Une tâche, une action concrète",
    text: "« Relancer Claire par e-mail mardi » est plus facile à faire que « m'occuper du réseau ». Donnez à chaque tâche un objet précis, un contact et une échéance. Chaque nuit, une tâche du jour non terminée gagne un niveau de priorité : rien ne se perd.",
  },
  {
    id: "rendez-vous",
    title: "Préparez chaque rendez-vous et faites-en le compte rendu",
    text: "Avant un entretien ou un café, relisez la fiche du contact et l'historique de vos échanges. Juste après, notez vos impressions dans le compte rendu : Tremplin vous propose alors la tâche suivante, par exemple un message de remerciement.",
  },
  {
    id: "remercier",
    title: "Remerciez toujours",
    text: "Un mot de remerciement après un entretien, une recommandation ou même un refus laisse une excellente impression. C'est aussi ce qui fait passer un contact au statut « remercié » dans votre réseau.",
  },
  {
    id: "opportunites",
    title: "Suivez chaque opportunité jusqu'au bout",
    text: "Enregistrez chaque offre qui vous intéresse, même si vous n'avez pas encore postulé. Rattachez-y les contacts de l'entreprise et les activités menées : vous saurez toujours où vous en êtes, jusqu'à l'issue, gagnée ou perdue.",
  },
  {
    id: "objectifs",
    title: "Fixez-vous des objectifs réalistes",
    text: "Le tableau de bord compare votre semaine à des seuils que vous pouvez ajuster : nouveaux contacts, premières tâches, entretiens réalisés, candidatures engagées. Mieux vaut un objectif modeste tenu chaque semaine qu'un objectif ambitieux abandonné.",
  },
  {
    id: "import",
    title: "Importez vos contacts existants",
    text: "Avec Premium, importez en quelques clics vos contacts LinkedIn, Google ou Outlook à partir d'un fichier CSV, puis choisissez ceux que vous souhaitez ajouter à votre réseau.",
  },
];

export const agencyTips: readonly HelpTip[] = [
  {
    id: "inviter",
    title: "Inviter un candidat",
    text: "Depuis la page Candidats, créez le compte de votre candidat avec son adresse e-mail : il reçoit une invitation pour choisir son mot de passe. Si le message s'est égaré, vous pouvez renvoyer l'invitation.",
  },
  {
    id: "licences",
    title: "Gérer vos licences",
    text: "Attribuez une licence à chaque candidat que vous accompagnez. Le nombre de licences utilisées, en attente et restantes figure sur votre profil. Lorsqu'une licence expire, le candidat ne peut plus se connecter jusqu'à l'attribution d'une nouvelle licence.",
  },
];
