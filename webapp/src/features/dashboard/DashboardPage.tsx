import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the dashboard screen arrives with its own issue. */
export default function DashboardPage() {
  const title = screenMessages.placeholder.pages.dashboard;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
