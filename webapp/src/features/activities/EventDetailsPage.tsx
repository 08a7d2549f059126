import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the eventDetails screen arrives with its own issue. */
export default function EventDetailsPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.eventDetails} />;
}
