import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the agencies screen arrives with its own issue. */
export default function AgenciesPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.agencies} />;
}
