import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the eventDetails screen arrives with its own issue. */
export default function EventDetailsPage() {
  const title = screenMessages.placeholder.pages.eventDetails;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
