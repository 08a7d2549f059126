// The profile's « Webhooks » panel: the agency admin's agency endpoints.
import { Section } from "./Section";
import { webhookMessages } from "../../lib/messages/webhooks";
import { WebhooksPanel } from "../../components/webhooks/WebhooksPanel";

export function WebhooksSection({ agencyId }: { agencyId: string }) {
  return (
    <Section id="webhooks" title={webhookMessages.title}>
      <WebhooksPanel agencyId={agencyId} />
    </Section>
  );
}
