// An agency's webhook endpoints (WebhookService): add one (URL, events as checkboxes) and see
// its signing secret once, list them with their last deliveries (status, time, attempts), send
// a test event, delete one after confirmation. Shared by the agency admin's profile and the
// platform admin's agency views (features never import each other).
import { useState, type FormEvent } from "react";
import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddLinkRounded from "@mui/icons-material/AddLinkRounded";
import ContentCopyRounded from "@mui/icons-material/ContentCopyRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import SendRounded from "@mui/icons-material/SendRounded";
import {
  DeliveryStatus,
  WebhookEventType,
  WebhookService,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../gen/tremplin/webhook/v1/webhook_pb";
import { PanelList } from "../PanelList";
import { useModals } from "../ModalHost";
import { useToast } from "../Toasts";
import { formatDateTime } from "../../lib/format";
import { webhookMessages as m } from "../../lib/messages/webhooks";
import { handledByApp } from "../../lib/queryClient";
import { fieldViolations } from "../../lib/violations";

/** The events an endpoint may subscribe to, in the order the form lists them. */
const EVENTS: { type: WebhookEventType; name: string }[] = [
  { type: WebhookEventType.CANDIDATE_CREATED, name: "candidate.created" },
  { type: WebhookEventType.LICENSE_ACTIVATED, name: "license.activated" },
  { type: WebhookEventType.LICENSE_EXPIRED, name: "license.expired" },
  { type: WebhookEventType.CONSENT_CHANGED, name: "candidate.consent_changed" },
];

const nameOf = (t: WebhookEventType) => EVENTS.find((e) => e.type === t)?.name ?? "";

const STATUS: Record<DeliveryStatus, { label: string; color: "default" | "success" | "error" | "warning" }> = {
  [DeliveryStatus.UNSPECIFIED]: { label: "", color: "default" },
  [DeliveryStatus.PENDING]: { label: m.status.pending, color: "warning" },
  [DeliveryStatus.SUCCEEDED]: { label: m.status.succeeded, color: "success" },
  [DeliveryStatus.FAILED]: { label: m.status.failed, color: "error" },
};

/** agencyName: the agency's, when the platform admin manages it (the texts name it). */
export function WebhooksPanel({ agencyId, agencyName }: { agencyId: string; agencyName?: string }) {
  const list = useQuery(WebhookService.method.listWebhookEndpoints, { agencyId }, { meta: { handlesErrors: true } });
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: WebhookService.method.listWebhookEndpoints, cardinality: undefined }) });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState("");
  const endpoints = list.data?.endpoints ?? [];

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography color="text.secondary">{agencyName ? m.introFor(agencyName) : m.intro}</Typography>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret("")} />}
      <PanelList query={list} items={endpoints} what={m.load} empty={m.none} label={m.title} gap={1.5}>
        {(e) => <EndpointItem key={e.id} endpoint={e} agencyId={agencyId} onChanged={refresh} />}
      </PanelList>
      {adding ? (
        <AddForm
          agencyId={agencyId}
          onCancel={() => setAdding(false)}
          onCreated={(s) => {
            setAdding(false);
            setSecret(s);
            void refresh();
          }}
        />
      ) : (
        <Box>
          <Button variant="contained" startIcon={<AddLinkRounded />} onClick={() => setAdding(true)}>
            {m.add}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function AddForm({ agencyId, onCancel, onCreated }: { agencyId: string; onCancel: () => void; onCreated: (secret: string) => void }) {
  const toast = useToast();
  const create = useMutation(WebhookService.method.createWebhookEndpoint, { meta: { handlesErrors: true } });
  const [url, setUrl] = useState("https://");
  const [events, setEvents] = useState<WebhookEventType[]>(EVENTS.map((e) => e.type));
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const local = { url: url.trim() && url.trim() !== "https://" ? undefined : m.urlRequired, events: events.length ? undefined : m.eventsRequired };
    setErrors(local);
    if (local.url || local.events) return;
    try {
      const res = await create.mutateAsync({ agencyId, url: url.trim(), events });
      toast.success(m.created);
      onCreated(res.secret);
    } catch (err) {
      const found: { url?: string; events?: string } = {};
      for (const v of fieldViolations(err)) {
        if (v.path === "url") found.url = v.message;
        if (v.path.startsWith("events")) found.events = v.message;
      }
      if (found.url || found.events) setErrors(found);
      else if (!handledByApp(err)) toast.error(m.createError);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={m.add} sx={{ display: "grid", gap: 2 }}>
      <TextField
        label={m.url}
        value={url}
        required
        autoFocus
        type="url"
        onChange={(e) => setUrl(e.target.value)}
        error={Boolean(errors.url)}
        helperText={errors.url ?? m.urlHelp}
        slotProps={{ htmlInput: { inputMode: "url", autoComplete: "off", spellCheck: false } }}
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }} aria-invalid={Boolean(errors.events)}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          {m.events}
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          {EVENTS.map((e) => (
            <FormControlLabel
              key={e.type}
              label={m.eventLabels[e.name]}
              control={
                <Checkbox
                  checked={events.includes(e.type)}
                  onChange={(_, on) => setEvents((now) => (on ? [...now, e.type] : now.filter((t) => t !== e.type)))}
                />
              }
            />
          ))}
        </Box>
        {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {m.save}
        </Button>
        <Button onClick={onCancel}>{m.cancel}</Button>
      </Box>
    </Box>
  );
}

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(m.copied);
    } catch {
      toast.warning(m.copyError);
    }
  };
  return (
    <Box role="status" sx={{ display: "grid", gap: 1, p: 2, borderRadius: 2, bgcolor: "action.hover" }}>
      <Typography variant="subtitle2">{m.secretTitle}</Typography>
      <Typography>{m.secretOnce}</Typography>
      <TextField
        label={m.secretTitle}
        value={secret}
        slotProps={{ htmlInput: { readOnly: true, "data-testid": "webhook-secret", onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
      />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          {m.copy}
        </Button>
        <Button onClick={onDone}>{m.done}</Button>
      </Box>
    </Box>
  );
}

function EndpointItem({ endpoint: e, agencyId, onChanged }: { endpoint: WebhookEndpoint; agencyId: string; onChanged: () => void }) {
  const modals = useModals();
  const toast = useToast();
  const remove = useMutation(WebhookService.method.deleteWebhookEndpoint, { meta: { handlesErrors: true } });
  const test = useMutation(WebhookService.method.sendTestEvent, { meta: { handlesErrors: true } });
  const failed = (message: string) => (err: unknown) => {
    if (!handledByApp(err)) toast.error(message);
  };
  return (
    <Box component="li" sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: "grid", gap: 1, minWidth: 0 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 0 }}>{e.url}</Typography>
        {!e.enabled && <Chip size="small" label={m.disabled} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {e.events.map((t) => m.eventLabels[nameOf(t)]).join(" · ")} — {m.secretPrefix(e.secretPrefix)}
      </Typography>
      <Deliveries deliveries={e.lastDeliveries} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<SendRounded />}
          disabled={test.isPending}
          onClick={() =>
            void test.mutateAsync({ agencyId, id: e.id }).then(() => {
              toast.success(m.testSent);
              onChanged();
            }, failed(m.testError))
          }
        >
          {m.test}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineRounded />}
          aria-label={m.removeFor(e.url)}
          disabled={remove.isPending}
          onClick={() =>
            modals.confirm({
              title: m.removeTitle,
              message: m.removeConfirm(e.url),
              confirmLabel: m.remove,
              tone: "danger",
              onConfirm: () =>
                remove.mutateAsync({ agencyId, id: e.id }).then(() => {
                  toast.success(m.removed);
                  onChanged();
                }, failed(m.removeError)),
            })
          }
        >
          {m.remove}
        </Button>
      </Box>
    </Box>
  );
}

function Deliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  if (deliveries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {m.noDelivery}
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {m.lastDeliveries}
      </Typography>
      <Box component="ul" aria-label={m.lastDeliveries} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.5 }}>
        {deliveries.map((d) => (
          <Box component="li" key={d.id} sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Chip size="small" color={STATUS[d.status].color} label={STATUS[d.status].label} />
            <Typography variant="body2">{m.eventLabels[d.eventType] ?? d.eventType}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(d.lastAttemptDate ?? d.createdDate)} · {m.attempts(d.attempts)}
              {d.lastStatusCode ? ` · HTTP ${d.lastStatusCode}` : d.lastError ? ` · ${d.lastError}` : ""}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
