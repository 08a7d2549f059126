import { cgu } from "../../lib/content/legal";
import { LegalDocumentView } from "./LegalDocumentView";

export default function CguPage() {
  return <LegalDocumentView doc={cgu} />;
}
