import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the contacts screen arrives with its own issue. */
export default function ContactsPage() {
  const title = screenMessages.placeholder.pages.contacts;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
