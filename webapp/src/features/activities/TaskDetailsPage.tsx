import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the taskDetails screen arrives with its own issue. */
export default function TaskDetailsPage() {
  const title = screenMessages.placeholder.pages.taskDetails;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
