import { legalNotice } from "../../lib/content/legal";
import { LegalDocumentView } from "./LegalDocumentView";

export default function LegalNoticePage() {
  return <LegalDocumentView doc={legalNotice} />;
}
