import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the agencies screen arrives with its own issue. */
export default function AgenciesPage() {
  const title = screenMessages.placeholder.pages.agencies;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
