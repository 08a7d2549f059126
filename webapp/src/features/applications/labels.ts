// Status and source labels of applications (French, from the catalogue). They live in
// src/lib/messages/opportunity.ts, which the contact details' linked applications read too.
export {
  applicationSourceLabel,
  applicationSourceLabels,
  applicationStatusLabel,
  applicationStatusLabels,
} from "../../lib/messages/opportunity";
