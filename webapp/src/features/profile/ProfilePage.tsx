import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the profile screen arrives with its own issue. */
export default function ProfilePage() {
  const title = screenMessages.placeholder.pages.profile;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
