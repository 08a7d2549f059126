// Labels of applications (opportunities). Part of the catalogue of src/lib/messages.ts, loaded
// with the screens that show applications (the applications screens, the contact details'
// linked applications).
import { ApplicationSource, ApplicationStatus } from "../../gen/tremplin/opportunity/v1/opportunity_pb";

export const applicationStatusLabels: Record<Exclude<ApplicationStatus, ApplicationStatus.UNSPECIFIED>, string> = {
  [ApplicationStatus.NEW]: "Nouvelle",
  [ApplicationStatus.ENGAGED]: "Engagée",
  [ApplicationStatus.LOST]: "Perdue",
  [ApplicationStatus.WIN]: "Gagnée",
};

export const applicationSourceLabels: Record<Exclude<ApplicationSource, ApplicationSource.UNSPECIFIED>, string> = {
  [ApplicationSource.AGENCY]: "Cabinet de recrutement",
  [ApplicationSource.FREE_APPLICATION]: "Candidature spontanée",
  [ApplicationSource.JOB_BOARD]: "Site d'emploi",
  [ApplicationSource.MY_NETWORK]: "Mon réseau",
  [ApplicationSource.OTHER]: "Autre",
};

/** The label of a status, "" for an unknown value. */
export function applicationStatusLabel(s: ApplicationStatus): string {
  return applicationStatusLabels[s as Exclude<ApplicationStatus, ApplicationStatus.UNSPECIFIED>] ?? "";
}

/** The label of a source, "" for none. */
export function applicationSourceLabel(s: ApplicationSource): string {
  return applicationSourceLabels[s as Exclude<ApplicationSource, ApplicationSource.UNSPECIFIED>] ?? "";
}
