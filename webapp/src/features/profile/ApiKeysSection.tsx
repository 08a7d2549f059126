// The profile's « Clés d'API » panel: an agency admin's agency keys, the platform admin's
// platform keys (with every agency's listed).
import { Section } from "./Section";
import { apiKeyMessages } from "../../lib/messages/apiKeys";
import { ApiKeysPanel } from "../../components/apikeys/ApiKeysPanel";

export function ApiKeysSection({ platform = false }: { platform?: boolean }) {
  return (
    <Section id="api-keys" title={apiKeyMessages.title}>
      <ApiKeysPanel scope={platform ? { kind: "platform" } : { kind: "own" }} />
    </Section>
  );
}
