import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the dashboard screen arrives with its own issue. */
export default function DashboardPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.dashboard} />;
}
