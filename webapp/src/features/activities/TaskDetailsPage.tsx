import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the taskDetails screen arrives with its own issue. */
export default function TaskDetailsPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.taskDetails} />;
}
