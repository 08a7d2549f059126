import { ComingSoon } from "../../components/ComingSoon";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the candidates screen arrives with its own issue. */
export default function CandidatesPage() {
  const title = screenMessages.placeholder.pages.candidates;
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
