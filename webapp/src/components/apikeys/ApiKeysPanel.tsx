// The API keys of an agency (or of the platform), shared by the profile (an agency admin's and
// the platform admin's « Clés d'API » section) and the agencies page (one agency's, in a modal): create one with a name and copy its secret,
// shown this once; list them (name, prefix, created, last used, revoked); revoke one after an
// inline confirmation (the panel also lives inside a modal, which a confirmation modal would
// replace).
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ContentCopyRounded from "@mui/icons-material/ContentCopyRounded";
import KeyRounded from "@mui/icons-material/KeyRounded";
import KeyOffRounded from "@mui/icons-material/KeyOffRounded";
import { AgencyService, type ApiKey } from "../../gen/tremplin/agency/v1/agency_pb";
import { PanelList } from "../PanelList";
import { useToast } from "../../components/Toasts";
import { formatDate, formatDateTime } from "../../lib/format";
import { apiKeyMessages as m } from "../../lib/messages/apiKeys";
import { messages } from "../../lib/messages";
import { handledByApp } from "../../lib/queryClient";
import { brand } from "../../lib/theme";
import { useRefreshAgency } from "../../lib/refresh";

const NAME_MAX = 100;

export type ApiKeysScope =
  /** The signed-in agency admin's agency. */
  | { kind: "own" }
  /** The platform admin: every key; new ones are platform keys. */
  | { kind: "platform" }
  /** The platform admin, for one agency. */
  | { kind: "agency"; agencyId: string; agencyName: string };

export function ApiKeysPanel({ scope }: { scope: ApiKeysScope }) {
  const toast = useToast();
  const refresh = useRefreshAgency();
  const agencyId = scope.kind === "agency" ? scope.agencyId : "";
  const list = useQuery(AgencyService.method.listApiKeys, { agencyId }, { meta: { handlesErrors: true } });
  const create = useMutation(AgencyService.method.createApiKey, { meta: { handlesErrors: true } });
  const revoke = useMutation(AgencyService.method.revokeApiKey, { meta: { handlesErrors: true } });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState("");
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const keys = list.data?.apiKeys ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(messages.validation.required);
    setNameError("");
    try {
      const res = await create.mutateAsync({ name: trimmed, agencyId });
      setSecret({ name: trimmed, value: res.secret });
      setName("");
      await refresh();
    } catch (err) {
      if (!handledByApp(err)) toast.error(m.createError);
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      toast.success(m.secret.copied);
    } catch {
      toast.warning(m.secret.copyError);
    }
  };

  const doRevoke = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync({ id: key.id });
      setConfirming(null);
      await refresh();
      toast.success(m.revokeDone);
    } catch (err) {
      if (!handledByApp(err)) toast.error(m.revokeError);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography color="text.secondary">
        {scope.kind === "own" ? m.intro.agency : scope.kind === "platform" ? m.intro.platform : m.intro.agencyOf(scope.agencyName)}{" "}
        {m.usage}
      </Typography>

      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}>
        <TextField
          label={m.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!nameError}
          helperText={nameError || m.nameHelp}
          required
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          sx={{ flex: 1, minWidth: 0, width: { xs: "100%", sm: "auto" } }}
        />
        <Button type="submit" variant="contained" startIcon={<KeyRounded />} disabled={create.isPending} sx={{ mt: { sm: 1 }, width: { xs: "100%", sm: "auto" }, whiteSpace: "nowrap" }}>
          {create.isPending ? m.creating : m.create}
        </Button>
      </Box>

      {secret && (
        <Alert severity="warning" role="alert" aria-label={m.secret.title} sx={{ "& .MuiAlert-message": { width: "100%", minWidth: 0 }, "& .MuiAlert-icon": { display: { xs: "none", sm: "flex" } } }}>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>
            {m.secret.title} · {secret.name}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {m.secret.warning}
          </Typography>
          <TextField
            label={m.secret.label}
            value={secret.value}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                "data-testid": "api-key-secret",
                spellCheck: false,
                style: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.875rem" },
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
            }}
            sx={{ bgcolor: "background.paper" }}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1.5 }}>
            <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
              {m.secret.copy}
            </Button>
            <Button variant="outlined" onClick={() => setSecret(null)}>
              {m.secret.done}
            </Button>
          </Box>
        </Alert>
      )}

      <PanelList query={list} items={keys} what={m.load} empty={m.empty} label={m.list} gap={1}>
        {(k) => (
          <KeyRow
            key={k.id}
            apiKey={k}
            showAgency={scope.kind === "platform"}
            confirming={confirming === k.id}
            busy={revoke.isPending}
            onRevoke={() => setConfirming(k.id)}
            onCancel={() => setConfirming(null)}
            onConfirm={() => void doRevoke(k)}
          />
        )}
      </PanelList>
    </Box>
  );
}

function KeyRow({
  apiKey: k,
  showAgency,
  confirming,
  busy,
  onRevoke,
  onCancel,
  onConfirm,
}: {
  apiKey: ApiKey;
  showAgency: boolean;
  confirming: boolean;
  busy: boolean;
  onRevoke: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const revoked = !!k.revokedDate;
  const facts: [string, string][] = [
    ...(showAgency ? [[m.agency, k.agency?.name || m.platformKey] as [string, string]] : []),
    [m.created, formatDate(k.createdDate)],
    [m.lastUsed, k.lastUsedDate ? formatDateTime(k.lastUsedDate) : m.neverUsed],
    ...(revoked ? [[m.revokedOn, formatDateTime(k.revokedDate)] as [string, string]] : []),
  ];
  return (
    <Box
      component="li"
      data-testid="api-key"
      aria-label={k.name}
      sx={{ border: `1px solid ${brand.border}`, borderRadius: "12px", p: 1.5, display: "grid", gap: 1, bgcolor: revoked ? "#F8FAFC" : "background.paper" }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere", color: revoked ? "text.secondary" : "text.primary" }}>{k.name}</Typography>
        <Chip
          size="small"
          label={revoked ? m.revoked : m.active}
          sx={revoked ? { bgcolor: "#FEE2E2", color: "#991B1B", fontWeight: 600 } : { bgcolor: "#DCFCE7", color: "#166534", fontWeight: 600 }}
        />
        <Box component="code" title={m.prefix} sx={{ fontSize: "0.8125rem", bgcolor: "#F1F5F9", borderRadius: "6px", px: 0.75, py: 0.25 }}>
          {k.prefix}…
        </Box>
        {!revoked && !confirming && (
          <Button size="small" color="error" startIcon={<KeyOffRounded />} onClick={onRevoke} aria-label={m.revokeFor(k.name)} sx={{ ml: "auto" }}>
            {m.revoke}
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 0.5 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: "flex", gap: 0.75, fontSize: "0.875rem" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {confirming && (
        <Alert
          severity="error"
          role="alertdialog"
          aria-label={m.revokeFor(k.name)}
          action={
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "flex-end" }}>
              <Button size="small" color="inherit" onClick={onCancel}>
                {m.cancel}
              </Button>
              <Button size="small" variant="contained" color="error" disabled={busy} onClick={onConfirm}>
                {m.revokeYes}
              </Button>
            </Box>
          }
          sx={{ flexWrap: { xs: "wrap", sm: "nowrap" }, "& .MuiAlert-action": { ml: { xs: 0, sm: "auto" }, pl: { xs: 0, sm: 2 }, width: { xs: "100%", sm: "auto" } } }}
        >
          {m.revokeConfirm(k.name)}
        </Alert>
      )}
    </Box>
  );
}
