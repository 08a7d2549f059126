import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the applications screen arrives with its own issue. */
export default function ApplicationsPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.applications} />;
}
