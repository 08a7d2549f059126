// Labels of tasks and events (subjects, media types, priorities). Part of the catalogue of
// src/lib/messages.ts, loaded with the screens that show activities.
import { EventSubject, MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";

export const taskSubjectLabels: Record<Exclude<TaskSubject, TaskSubject.UNSPECIFIED>, string> = {
  [TaskSubject.ASK_INFORMATION]: "Demande d'informations",
  [TaskSubject.FEEDBACK]: "Demande de retour",
  [TaskSubject.FIRST_CONTACT]: "Premier contact",
  [TaskSubject.INTERNET_SEARCHES]: "Recherches sur internet",
  [TaskSubject.INTERVIEW_PREPARATION]: "Préparation d'entretien",
  [TaskSubject.RETURN]: "Rappel",
  [TaskSubject.REMINDER]: "Relance",
  [TaskSubject.REMINDER_APPLICATION]: "Relance de candidature",
  [TaskSubject.REQUEST_FOR_INFORMATION]: "Prise de renseignements",
  [TaskSubject.SEND_APPLICATION]: "Envoi de candidature",
  [TaskSubject.SEND_INFORMATION]: "Envoi d'informations",
  [TaskSubject.SEND_OFFER]: "Envoi d'une offre",
  [TaskSubject.THANKS_AFTER_INTERVIEW]: "Remerciements après entretien",
  [TaskSubject.THANKS_AFTER_RECRUITMENT_FAILED]: "Remerciements après un refus",
  [TaskSubject.THANKS_FOR_INTRODUCTION]: "Remerciements pour une mise en relation",
  [TaskSubject.UPDATE_JOBBOARDS_CVS]: "Mise à jour des CV sur les jobboards",
  [TaskSubject.WISH_CARD]: "Carte de vœux",
  [TaskSubject.OTHER]: "Autre",
};

export const mediaTypeLabels: Record<Exclude<MediaType, MediaType.UNSPECIFIED>, string> = {
  [MediaType.MOBILE]: "Mobile",
  [MediaType.EMAIL]: "E-mail",
  [MediaType.INMAIL]: "InMail",
  [MediaType.PHONE]: "Téléphone",
  [MediaType.OTHER]: "Autre",
  [MediaType.VIDEO_CONFERENCING]: "Visioconférence",
  [MediaType.FACE_TO_FACE]: "En personne",
};

export const taskPriorityLabels: Record<Exclude<TaskPriority, TaskPriority.UNSPECIFIED>, string> = {
  [TaskPriority.NORMAL]: "Normale",
  [TaskPriority.HIGH]: "Haute",
  [TaskPriority.URGENT]: "Urgente",
};

export const eventSubjectLabels: Record<Exclude<EventSubject, EventSubject.UNSPECIFIED>, string> = {
  [EventSubject.PRE_SELECTION]: "Présélection",
  [EventSubject.RECRUITMENT]: "Entretien de recrutement",
  [EventSubject.DISCOVERY]: "Découverte",
  [EventSubject.PRODUCT_PRESENTATION]: "Présentation produit",
  [EventSubject.COMMERCIAL_PROPOSITION]: "Proposition commerciale",
  [EventSubject.NEGOTIATION]: "Négociation",
  [EventSubject.JOB_INTERVIEW_PREPARATION]: "Préparation d'entretien d'embauche",
  [EventSubject.JOB_INVESTIGATION]: "Enquête métier",
  [EventSubject.MARKET_APPROPRIATENESS]: "Adéquation au marché",
  [EventSubject.PRESENTATION]: "Présentation",
  [EventSubject.TARGETING]: "Ciblage",
  [EventSubject.MEAL]: "Repas",
  [EventSubject.COFFEE]: "Café",
  [EventSubject.OTHER]: "Autre",
  [EventSubject.AFTERWORK]: "Afterwork",
  [EventSubject.EXHIBITION]: "Salon",
  [EventSubject.WORKSHOP]: "Atelier",
  [EventSubject.CONFERENCE]: "Conférence",
  [EventSubject.TRAINING]: "Formation",
  [EventSubject.WEBINAR]: "Webinaire",
};
