import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the contactDetails screen arrives with its own issue. */
export default function ContactDetailsPage() {
  const title = screenMessages.placeholder.pages.contactDetails;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
