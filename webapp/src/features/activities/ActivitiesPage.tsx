import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the activities screen arrives with its own issue. */
export default function ActivitiesPage() {
  const title = screenMessages.placeholder.pages.activities;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
