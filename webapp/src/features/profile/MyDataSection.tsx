// The profile's « Mes données » panel (candidates): download a copy of everything Tremplin
// keeps for them (a zip from GET /api/users/me/export, the browser's own download), and delete
// the account after confirming the password. Once deleted, the app forgets the session and
// shows the login with the confirmation.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DownloadRounded from "@mui/icons-material/DownloadRounded";
import DeleteForeverRounded from "@mui/icons-material/DeleteForeverRounded";
import { AccountService } from "../../gen/tremplin/account/v1/account_pb";
import { Actions } from "../../components/form/layout";
import { useModals } from "../../components/ModalHost";
import { messages } from "../../lib/messages";
import { profileMessages } from "../../lib/messages/profile";
import { errorReason } from "../../lib/errors";
import { handledByApp } from "../../lib/queryClient";
import { useSession } from "../../lib/session";
import { Section } from "./Section";

const m = profileMessages.myData;

/** The copy's address: a GET the browser downloads with the session cookie. */
const EXPORT_URL = "/api/users/me/export";

export function MyDataSection() {
  const modals = useModals();
  const askDeletion = () =>
    modals.open({
      kind: "custom",
      title: m.delete,
      tone: "danger",
      illustration: <DeleteForeverRounded />,
      maxWidth: "sm",
      render: (close) => <DeleteAccountForm close={close} />,
    });
  return (
    <Section id="my-data" title={m.title}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {m.intro}
      </Typography>
      {/* Said before the buttons: on a phone they stack, and the help would read under « Supprimer ». */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.downloadHelp}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <Button variant="outlined" startIcon={<DownloadRounded />} href={EXPORT_URL} download sx={{ width: { xs: "100%", sm: "auto" } }}>
          {m.download}
        </Button>
        <Button variant="text" color="error" startIcon={<DeleteForeverRounded />} onClick={askDeletion} sx={{ width: { xs: "100%", sm: "auto" }, minHeight: 44 }}>
          {m.delete}
        </Button>
      </Box>
    </Section>
  );
}

function DeleteAccountForm({ close }: { close: () => void }) {
  const { forget } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const remove = useMutation(AccountService.method.deleteMyAccount, { meta: { handlesErrors: true } });

  const submit = () => {
    if (!password) {
      setError(messages.validation.required);
      return;
    }
    setFormError(undefined);
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          close();
          forget(m.deleted, true);
          navigate("/login", { replace: true });
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          if (errorReason(err) === "INVALID_CREDENTIALS") setError(m.wrongPassword);
          else setFormError(m.error);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={m.delete}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}
    >
      <Alert severity="warning">{m.deleteWarning}</Alert>
      <TextField
        label={m.password}
        type="password"
        required
        autoFocus
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? m.passwordHelp}
      />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Actions>
        <Button onClick={close} disabled={remove.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
          {remove.isPending ? m.deleting : m.confirm}
        </Button>
      </Actions>
    </Box>
  );
}
