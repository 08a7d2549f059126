import { ComingSoon } from "../../components/ComingSoon";
import { screenMessages } from "../../lib/messages/screens";

/** Placeholder: the candidates screen arrives with its own issue. */
export default function CandidatesPage() {
  return <ComingSoon title={screenMessages.placeholder.pages.candidates} />;
}
