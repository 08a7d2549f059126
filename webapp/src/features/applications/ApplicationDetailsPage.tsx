import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the applicationDetails screen arrives with its own issue. */
export default function ApplicationDetailsPage() {
  const title = screenMessages.placeholder.pages.applicationDetails;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
