import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the applicationDetails screen arrives with its own issue. */
export default function ApplicationDetailsPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.applicationDetails} />;
}
