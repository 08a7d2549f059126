import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the profile screen arrives with its own issue. */
export default function ProfilePage() {
  return <ComingSoon title={screenMessages.placeholder.pages.profile} />;
}
