import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the applications screen arrives with its own issue. */
export default function ApplicationsPage() {
  const title = screenMessages.placeholder.pages.applications;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
