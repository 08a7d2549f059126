import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the activities screen arrives with its own issue. */
export default function ActivitiesPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.activities} />;
}
