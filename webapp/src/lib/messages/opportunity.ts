// Labels of applications (opportunities). Part of the catalogue of src/lib/messages.ts, loaded
// with the screens that show applications.
import { ApplicationStatus } from "../../gen/tremplin/opportunity/v1/opportunity_pb";

export const applicationStatusLabels: Record<Exclude<ApplicationStatus, ApplicationStatus.UNSPECIFIED>, string> = {
  [ApplicationStatus.NEW]: "Nouvelle",
  [ApplicationStatus.ENGAGED]: "Engagée",
  [ApplicationStatus.LOST]: "Perdue",
  [ApplicationStatus.WIN]: "Gagnée",
};
