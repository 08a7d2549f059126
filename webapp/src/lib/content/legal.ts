// The terms of use (/cgu) and the legal notice (/legal-notice). Publisher and host details are
// placeholders to be replaced by the company's registered details before going live.
// French spacing (non-breaking space before « : ; ! ? ») is applied when the text is shown.

export type Block = string | { list: string[] };
export type LegalSection = { id: string; title: string; blocks: Block[] };
export type LegalDocument = { title: string; updated: string; intro: string; sections: LegalSection[] };

const publisher = {
  name: "Tremplin SAS",
  form: "société par actions simplifiée au capital de 10 000 €",
  rcs: "immatriculée au RCS de Paris sous le numéro 912 345 678",
  vat: "FR 12 912345678",
  address: "12 rue de la Roquette, 75011 Paris, France",
  email: "contact@tremplin.fr",
  privacy: "donnees-personnelles@tremplin.fr",
  support: "support@tremplin.fr",
};

const host = {
  name: "Hébergement Nuage Français SAS",
  address: "2 allée des Serveurs, 59100 Roubaix, France",
  phone: "+33 3 20 00 00 00",
};

export const cgu: LegalDocument = {
  title: "Conditions générales d'utilisation",
  updated: "Dernière mise à jour : 1er novembre 2026",
  intro:
    "Les présentes conditions générales d'utilisation (CGU) encadrent l'accès au service Tremplin et son utilisation. En créant votre mot de passe, vous déclarez les avoir lues et les accepter sans réserve.",
  sections: [
    {
      id: "objet",
      title: "1. Objet",
      blocks: [
        `Tremplin est un service en ligne édité par ${publisher.name} qui aide les personnes en recherche d'emploi à organiser leurs démarches : gestion d'un réseau de contacts, planification de tâches, de rendez-vous et d'entretiens, suivi des candidatures et objectifs hebdomadaires. Il permet également aux agences d'accompagnement (cabinets de reclassement, d'outplacement ou de recrutement) de proposer le service à leurs candidats et de gérer leurs licences.`,
      ],
    },
    {
      id: "definitions",
      title: "2. Définitions",
      blocks: [
        {
          list: [
            "« Service » : l'application Tremplin accessible depuis un navigateur internet.",
            "« Utilisateur » : toute personne disposant d'un compte sur le Service.",
            "« Candidat » : l'Utilisateur qui utilise le Service pour sa propre recherche d'emploi.",
            "« Agence » : la personne morale qui met le Service à disposition de ses candidats au moyen de licences.",
            "« Administrateur d'agence » : l'Utilisateur qui gère, pour le compte d'une Agence, les candidats et les licences de cette Agence.",
            "« Licence » : le droit d'accès au Service attribué par une Agence à un Candidat pour une durée déterminée.",
            "« Abonnement Premium » : l'abonnement payant souscrit directement par un Candidat.",
          ],
        },
      ],
    },
    {
      id: "acces",
      title: "3. Accès au Service et compte",
      blocks: [
        "Le compte est créé soit par une Agence, qui adresse une invitation par e-mail à son candidat, soit à l'initiative du Candidat lui-même. Dans les deux cas, l'Utilisateur choisit son mot de passe à partir du lien personnel qu'il reçoit ; ce lien est à usage unique et a une durée de validité limitée.",
        "L'Utilisateur est seul responsable de la confidentialité de ses identifiants. Le mot de passe doit comporter au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial. Toute connexion réalisée avec ses identifiants est réputée faite par lui. En cas de doute sur la sécurité de son compte, il modifie sans délai son mot de passe et prévient le support.",
        "L'accès au Service nécessite une connexion à internet et un navigateur récent. Les frais de connexion restent à la charge de l'Utilisateur.",
      ],
    },
    {
      id: "services",
      title: "4. Description du Service",
      blocks: [
        "Le Service permet notamment de :",
        {
          list: [
            "constituer et organiser un réseau de contacts, y compris les personnes qui vous ont recommandé ;",
            "planifier des tâches, des rendez-vous et des entretiens, et en rédiger le compte rendu ;",
            "suivre des opportunités d'emploi, de la candidature jusqu'à leur issue ;",
            "mesurer son activité de la semaine sur un tableau de bord au regard d'objectifs paramétrables.",
          ],
        },
        "Certaines fonctionnalités sont réservées aux Utilisateurs bénéficiant d'un accès Premium : import de contacts en masse, recherche dans les contacts, les activités et les opportunités, filtres, étiquettes, e-mails de rappel des tâches et paramétrage des objectifs hebdomadaires.",
      ],
    },
    {
      id: "offres",
      title: "5. Licences, période d'essai et Abonnement Premium",
      blocks: [
        "Candidat accompagné par une Agence : l'accès au Service est ouvert pendant la durée de la Licence attribuée par l'Agence. À l'expiration de la Licence, le Candidat ne peut plus se connecter ; il lui appartient de demander une nouvelle licence à son Agence.",
        "Candidat inscrit directement : une période d'essai gratuite donne accès à l'ensemble des fonctionnalités. À son terme, le Candidat conserve l'accès à son compte mais les fonctionnalités Premium ne lui sont plus ouvertes, sauf souscription d'un Abonnement Premium.",
        "L'Abonnement Premium est proposé au prix de 8 € TTC par mois, sans engagement. Il est renouvelé tacitement chaque mois et peut être résilié à tout moment depuis l'espace de gestion de l'abonnement ; la résiliation prend effet à la fin de la période mensuelle en cours, déjà payée. Le paiement est traité par un prestataire de paiement sécurisé : Tremplin ne conserve aucune donnée de carte bancaire.",
        "Conformément à l'article L. 221-28 du Code de la consommation, le Candidat qui demande l'accès immédiat aux fonctionnalités Premium reconnaît que l'exécution du service commence dès la souscription. Il conserve la possibilité de résilier son abonnement à tout moment dans les conditions ci-dessus.",
      ],
    },
    {
      id: "obligations",
      title: "6. Engagements de l'Utilisateur",
      blocks: [
        "L'Utilisateur s'engage à utiliser le Service de manière loyale, pour les besoins de sa recherche d'emploi ou de l'accompagnement de ses candidats, et conformément aux lois en vigueur. Il s'interdit notamment :",
        {
          list: [
            "d'enregistrer des contenus illicites, diffamatoires ou portant atteinte aux droits de tiers ;",
            "d'utiliser le Service à des fins de prospection commerciale ou d'envoi de messages non sollicités ;",
            "de tenter d'accéder aux données d'autres Utilisateurs ou de perturber le fonctionnement du Service.",
          ],
        },
        "Les informations relatives à ses contacts sont saisies sous la responsabilité de l'Utilisateur. Il veille à n'enregistrer que des informations exactes, utiles à sa recherche d'emploi, et obtenues de manière licite, et à respecter les droits des personnes concernées.",
      ],
    },
    {
      id: "donnees",
      title: "7. Données personnelles",
      blocks: [
        "Tremplin traite les données personnelles des Utilisateurs dans le respect du Règlement général sur la protection des données (RGPD) et de la loi Informatique et Libertés. Le détail de ces traitements, des droits dont vous disposez et de la manière de les exercer figure dans les mentions légales, rubrique « Données personnelles ».",
        "Les données d'un compte sont conservées pendant 2 ans après la dernière connexion de l'Utilisateur, puis supprimées définitivement.",
      ],
    },
    {
      id: "responsabilite",
      title: "8. Disponibilité et responsabilité",
      blocks: [
        "Tremplin s'efforce d'assurer un accès au Service 24 heures sur 24 et 7 jours sur 7, sans pouvoir le garantir. Le Service peut être interrompu pour des opérations de maintenance, de préférence en dehors des heures ouvrées, ou en cas de force majeure.",
        "Tremplin est un outil d'organisation : il ne garantit ni l'obtention d'un emploi, ni les résultats des démarches entreprises. Sa responsabilité ne saurait être engagée en cas de mauvaise utilisation du Service ou de contenu saisi par un Utilisateur.",
      ],
    },
    {
      id: "propriete",
      title: "9. Propriété intellectuelle",
      blocks: [
        `Le Service, sa marque, son logo, ses textes et ses éléments graphiques sont la propriété de ${publisher.name} ou de ses partenaires. Toute reproduction ou représentation, totale ou partielle, sans autorisation préalable est interdite. L'Utilisateur reste propriétaire des contenus qu'il saisit ; il concède à Tremplin le seul droit de les héberger et de les traiter pour lui fournir le Service.`,
      ],
    },
    {
      id: "duree",
      title: "10. Durée, résiliation et suppression du compte",
      blocks: [
        `Les CGU s'appliquent pendant toute la durée d'utilisation du Service. Un Candidat peut supprimer son compte à tout moment depuis son profil (« Mes données ») ; tout Utilisateur peut aussi la demander en écrivant à ${publisher.support}, et un candidat accompagné peut s'adresser à son Agence. La suppression d'un compte entraîne l'effacement définitif de ses données : réseau, activités et opportunités.`,
        "En cas de manquement grave aux présentes CGU, Tremplin peut suspendre ou clôturer le compte concerné, après en avoir informé l'Utilisateur, sauf urgence.",
      ],
    },
    {
      id: "modification",
      title: "11. Modification des CGU",
      blocks: [
        "Tremplin peut faire évoluer les présentes CGU, notamment pour tenir compte de nouvelles fonctionnalités ou d'évolutions réglementaires. Les Utilisateurs sont informés de toute modification substantielle au moins 30 jours avant son entrée en vigueur.",
      ],
    },
    {
      id: "droit",
      title: "12. Droit applicable et litiges",
      blocks: [
        `Les présentes CGU sont soumises au droit français. En cas de difficulté, l'Utilisateur est invité à contacter d'abord le support (${publisher.support}) afin de rechercher une solution amiable. Le consommateur peut également recourir gratuitement à un médiateur de la consommation dont les coordonnées lui seront communiquées sur simple demande. À défaut d'accord, le litige sera porté devant les tribunaux compétents.`,
      ],
    },
  ],
};

export const legalNotice: LegalDocument = {
  title: "Mentions légales",
  updated: "Dernière mise à jour : 1er novembre 2026",
  intro:
    "Conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique, voici l'identité des intervenants du service Tremplin, ainsi que la manière dont nous traitons vos données personnelles.",
  sections: [
    {
      id: "editeur",
      title: "Éditeur du service",
      blocks: [
        `${publisher.name}, ${publisher.form}, ${publisher.rcs}.`,
        `Siège social : ${publisher.address}.`,
        `Numéro de TVA intracommunautaire : ${publisher.vat}.`,
        `Contact : ${publisher.email}.`,
        "Directeur de la publication : le président de Tremplin SAS.",
      ],
    },
    {
      id: "hebergeur",
      title: "Hébergement",
      blocks: [
        `Le service et ses données sont hébergés en France par ${host.name}, ${host.address} (téléphone : ${host.phone}).`,
      ],
    },
    {
      id: "donnees-personnelles",
      title: "Données personnelles",
      blocks: [
        `Responsable du traitement : ${publisher.name}. Pour les candidats accompagnés par une agence, celle-ci est responsable des données qu'elle renseigne lors de leur inscription (identité, adresse e-mail, licence).`,
        "Les données traitées sont celles que vous saisissez : informations de votre compte (civilité, nom, prénom, adresse e-mail, téléphone, poste recherché), contenu de votre réseau, de vos activités et de vos opportunités, ainsi que les dates de vos connexions. Pour l'Abonnement Premium, notre prestataire de paiement traite vos données de paiement ; nous n'en conservons que la référence de l'abonnement et l'historique des factures.",
        "Ces données servent à :",
        {
          list: [
            "fournir le service et vous permettre d'organiser votre recherche d'emploi (exécution du contrat) ;",
            "gérer les licences attribuées par votre agence et l'abonnement Premium (exécution du contrat) ;",
            "vous adresser les e-mails liés au service : invitation, réinitialisation du mot de passe, rappels de tâches si vous les avez activés (exécution du contrat) ;",
            "assurer la sécurité du service, notamment contre les tentatives de connexion abusives (intérêt légitime) ;",
            "tenir notre comptabilité (obligation légale).",
          ],
        },
        "Votre agence voit les informations de votre compte et l'état de votre licence ; elle n'a pas accès au contenu de votre réseau, de vos activités ni de vos opportunités. Vos données ne sont ni vendues ni louées. Elles sont accessibles, pour ce qui les concerne, à nos sous-traitants techniques (hébergement, envoi des e-mails, paiement), tenus à la confidentialité. Lorsqu'un prestataire traite des données hors de l'Union européenne, ce transfert est encadré par les garanties prévues par le RGPD, notamment les clauses contractuelles types de la Commission européenne.",
        "Durée de conservation : les données de votre compte sont conservées tant que vous utilisez le service, puis supprimées 2 ans après votre dernière connexion. Les pièces comptables liées à un abonnement sont conservées 10 ans, comme la loi l'exige.",
        `Vos droits : vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition, ainsi que du droit de définir des directives relatives au sort de vos données après votre décès. Un candidat télécharge une copie de ses données et supprime son compte depuis son profil (« Mes données ») ; pour ces droits comme pour les autres, vous pouvez aussi écrire à ${publisher.privacy}. Vous pouvez également introduire une réclamation auprès de la Commission nationale de l'informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, www.cnil.fr.`,
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        "Tremplin n'utilise qu'un seul cookie : le cookie de session, déposé lorsque vous vous connectez et supprimé lorsque vous vous déconnectez ou que la session expire. Il sert uniquement à vous maintenir connecté et à protéger votre compte ; il est strictement nécessaire au fonctionnement du service et, à ce titre, dispensé de consentement.",
        "Aucun cookie publicitaire, de mesure d'audience ou de réseau social n'est déposé, et aucun traceur tiers n'est chargé par le service.",
      ],
    },
    {
      id: "mesure-audience",
      title: "Mesure d'audience",
      blocks: [
        "Pour savoir quels écrans servent et améliorer le service, Tremplin compte lui-même les pages vues, sans outil tiers. Pour chaque page vue, seuls sont enregistrés l'écran visité (son modèle d'adresse, par exemple « fiche d'un contact », jamais son contenu ni un identifiant), le jour et le type de compte (visiteur, candidat, administrateur d'agence ou de la plateforme), sous forme de compteurs quotidiens.",
        "Cette mesure ne dépose aucun cookie, ne fait appel à aucun tiers et ne traite aucune donnée personnelle : ni votre nom, ni votre adresse IP, ni aucun identifiant ne sont conservés avec ces compteurs, qui sont supprimés au bout de 13 mois. Elle relève ainsi de l'exemption de consentement prévue par la CNIL pour la mesure d'audience : aucun bandeau ne vous demande votre accord.",
      ],
    },
    {
      id: "propriete",
      title: "Propriété intellectuelle",
      blocks: [
        `La marque Tremplin, son logo et l'ensemble des contenus du service sont protégés par le droit de la propriété intellectuelle et appartiennent à ${publisher.name}, sauf mention contraire. Le service utilise la police de caractères Inter (licence SIL Open Font License 1.1) et les icônes Material (licence Apache 2.0). Les citations présentées sur la page d'accueil restent la propriété de leurs auteurs ou ayants droit.`,
      ],
    },
  ],
};
