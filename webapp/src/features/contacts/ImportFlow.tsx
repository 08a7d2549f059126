// The contact import flow (spec section 4): READY (file picker and help cards) → LOADING (the
// file is sent) → DONE (the selection list, 500 ms after the imported contacts arrive). On
// error it goes back to the picker with the error. Nothing is saved until the confirmation.
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { useMutation } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CloudUploadRounded from "@mui/icons-material/CloudUploadRounded";
import ContactsRounded from "@mui/icons-material/ContactsRounded";
import DescriptionRounded from "@mui/icons-material/DescriptionRounded";
import MailOutlineRounded from "@mui/icons-material/MailOutlineRounded";
import PhoneAndroidRounded from "@mui/icons-material/PhoneAndroidRounded";
import PhoneIphoneRounded from "@mui/icons-material/PhoneIphoneRounded";
import SearchRounded from "@mui/icons-material/SearchRounded";
import WorkRounded from "@mui/icons-material/WorkRounded";
import { NetworkService, type ImportCompletion, type ImportedContact, type ImportSkipped } from "../../gen/tremplin/network/v1/network_pb";
import { useToast } from "../../components/Toasts";
import { IconBadge, type Tone } from "../../components/IconBadge";
import { downloadFile } from "../../lib/download";
import { errorReason } from "../../lib/errors";
import { networkMessages } from "../../lib/messages/network";
import { handledByApp } from "../../lib/queryClient";
import { useOpensAtTop } from "../../lib/scroll";
import { brand } from "../../lib/theme";
import { IMPORT_ACCEPT, TEMPLATE_HEADERS, importContentType, importFileProblem, importSearch } from "./importFile";
import { fullName, jobAndCompany } from "./names";
import { useRefreshNetwork } from "../../lib/refresh";

const m = networkMessages.importFlow;

/** The pause between the answer and the selection list (spec section 9). */
export const IMPORT_PAUSE_MS = 500;
const PAGE = 100;

type State = "ready" | "loading" | "done";

/** The bytes of a picked file (FileReader where Blob.arrayBuffer is missing). */
function readBytes(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return file.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("lecture impossible"));
    reader.readAsArrayBuffer(file);
  });
}

/** « 3 lignes ignorées : 2 déjà dans votre réseau, 1 sans nom », or undefined. */
export function skippedMessage(s: ImportSkipped | undefined): string | undefined {
  return s ? m.skipped(s) : undefined;
}

/** The French message of a refused import. */
export function importErrorMessage(err: unknown): string {
  return errorReason(err) === "IMPORT_TOO_LARGE" ? m.tooLarge : m.error;
}

export default function ImportFlow({ close }: { close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshNetwork();
  const [state, setState] = useState<State>("ready");
  const [error, setError] = useState<string | undefined>(undefined);
  const [imported, setImported] = useState<ImportedContact[]>([]);
  const [completions, setCompletions] = useState<ImportCompletion[]>([]);
  const [skipped, setSkipped] = useState<string | undefined>(undefined);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);

  const read = useMutation(NetworkService.method.importContacts, { meta: { handlesErrors: true } });
  const save = useMutation(NetworkService.method.bulkCreateContacts, { meta: { handlesErrors: true } });

  const send = async (file: File) => {
    const problem = importFileProblem(file);
    if (problem) {
      setError(problem === "wrongType" ? m.wrongType : m.tooLarge);
      return;
    }
    setError(undefined);
    setState("loading");
    let data: Uint8Array;
    try {
      data = await readBytes(file);
    } catch {
      setState("ready");
      setError(m.error);
      return;
    }
    // The server reads CSV and vCard files in UTF-8 (with or without BOM), Windows-1252 or
    // ISO-8859-1: the bytes go as they are.
    read.mutate(
      { file: { contentType: importContentType(file), data } },
      {
        onSuccess: (res) => {
          pause.current = setTimeout(() => {
            setImported(res.importedContacts);
            setCompletions(res.completions);
            setSkipped(skippedMessage(res.skipped));
            setState("done");
          }, IMPORT_PAUSE_MS);
        },
        onError: (err) => {
          setState("ready");
          // PREMIUM_REQUIRED and a lost session are the app's (which drops the modal).
          if (!handledByApp(err)) setError(importErrorMessage(err));
        },
      },
    );
  };

  const confirm = (contacts: ImportedContact[], completing: ImportCompletion[]) =>
    save.mutate(
      { contacts, completions: completing.map((c) => ({ contactId: c.contactId, contact: c.incoming })) },
      {
        onSuccess: (res) => {
          if (res.createdContacts.length > 0 || res.completedContacts.length === 0) toast.success(m.imported(res.createdContacts.length));
          if (res.completedContacts.length > 0) toast.success(m.completed(res.completedContacts.length));
          void refresh();
          close();
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          toast.error(m.error);
          void refresh();
        },
      },
    );

  if (state === "loading") {
    return (
      <Box role="status" sx={{ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: 2, py: 6 }}>
        <CircularProgress size={36} />
        <Typography sx={{ fontWeight: 600 }}>{m.loading}</Typography>
        <Typography variant="body2" color="text.secondary">
          {m.loadingDetail}
        </Typography>
      </Box>
    );
  }
  if (state === "done") {
    return (
      <Selection
        contacts={imported}
        completions={completions}
        skipped={skipped}
        saving={save.isPending}
        onBack={() => {
          setImported([]);
          setState("ready");
        }}
        onConfirm={confirm}
      />
    );
  }
  return <Picker error={error} onFile={(file) => void send(file)} />;
}

const helpVisuals: Record<string, { icon: ReactNode; tone: Tone }> = {
  iphone: { icon: <PhoneIphoneRounded />, tone: "primary" },
  android: { icon: <PhoneAndroidRounded />, tone: "success" },
  linkedin: { icon: <WorkRounded />, tone: "info" },
  google: { icon: <ContactsRounded />, tone: "success" },
  outlook: { icon: <MailOutlineRounded />, tone: "primary" },
  template: { icon: <DescriptionRounded />, tone: "accent" },
};

function downloadTemplate() {
  const csv = `\ufeff${TEMPLATE_HEADERS.join(",")}\r\n`;
  downloadFile(new TextEncoder().encode(csv), "text/csv;charset=utf-8", m.templateFile);
}

function Picker({ error, onFile }: { error: string | undefined; onFile: (file: File) => void }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Typography color="text.secondary" sx={{ textAlign: "center" }}>
        {m.intro}
      </Typography>
      {error && (
        <Alert severity="error" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: `2px dashed ${over ? brand.primary : "#C9CCE0"}`,
          bgcolor: over ? brand.primaryLight : "#FAFAFE",
          borderRadius: "16px",
          py: { xs: 3, sm: 4 },
          px: 2,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: 1.25,
          textAlign: "center",
          transition: "background-color .15s, border-color .15s",
        }}
      >
        <CloudUploadRounded sx={{ fontSize: 40, color: "primary.main" }} />
        {/* A real button (Tab reaches it, Enter and Space open the chooser) for a hidden input. */}
        <Button variant="contained" onClick={() => input.current?.click()}>
          {m.choose}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          hidden
          tabIndex={-1}
          aria-hidden
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) onFile(file);
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {m.drop}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {m.fileRule}
        </Typography>
      </Box>
      <Box>
        <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
          {m.helpTitle}
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
          {m.help.map((h) => {
            const visual = helpVisuals[h.key]!;
            return (
              <Card key={h.key} sx={{ p: 2, display: "flex", gap: 1.5, alignItems: "flex-start", borderRadius: "14px" }}>
                <IconBadge tone={visual.tone} size={36}>
                  {visual.icon}
                </IconBadge>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 650 }}>{h.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {h.text}
                  </Typography>
                  {h.key === "template" && (
                    <Link component="button" type="button" variant="body2" onClick={downloadTemplate} sx={{ mt: 0.5 }}>
                      {m.template}
                    </Link>
                  )}
                </Box>
              </Card>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}

function Selection({
  contacts,
  completions,
  skipped,
  saving,
  onBack,
  onConfirm,
}: {
  contacts: ImportedContact[];
  completions: ImportCompletion[];
  skipped: string | undefined;
  saving: boolean;
  onBack: () => void;
  onConfirm: (contacts: ImportedContact[], completions: ImportCompletion[]) => void;
}) {
  // The picker's help cards may have been scrolled: the list opens at its top.
  const top = useOpensAtTop<HTMLDivElement>();
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<ReadonlySet<ImportedContact>>(() => new Set());
  const [shown, setShown] = useState(PAGE);
  const [completing, setCompleting] = useState<ReadonlySet<ImportCompletion>>(() => new Set());
  const visible = useMemo(() => importSearch(contacts, search), [contacts, search]);

  if (contacts.length === 0 && completions.length === 0) {
    return (
      <Box ref={top} sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, textAlign: "center", py: 2 }}>
        <Alert severity="info" sx={{ width: "100%" }}>
          {m.nothing}
        </Alert>
        {skipped && (
          <Typography variant="body2" color="text.secondary" data-testid="import-skipped">
            {skipped}
          </Typography>
        )}
        <Button variant="outlined" onClick={onBack}>
          {m.another}
        </Button>
      </Box>
    );
  }

  const toggle = (c: ImportedContact) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });
  // Select all and unselect all act on the contacts the search shows (all of them without one).
  const selectAll = () => setSelected((cur) => new Set([...cur, ...visible]));
  const unselectAll = () =>
    setSelected((cur) => {
      const next = new Set(cur);
      for (const c of visible) next.delete(c);
      return next;
    });
  const chosen = contacts.filter((c) => selected.has(c));
  const chosenCompletions = completions.filter((c) => completing.has(c));
  const toggleCompletion = (c: ImportCompletion) =>
    setCompleting((cur) => {
      const next = new Set(cur);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });

  return (
    <Box ref={top} sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ textAlign: "center" }}>
        {contacts.length > 0 && <Typography sx={{ fontWeight: 650 }}>{m.found(contacts.length)}</Typography>}
        {skipped && (
          <Typography variant="body2" color="text.secondary" data-testid="import-skipped">
            {skipped}
          </Typography>
        )}
      </Box>
      {completions.length > 0 && (
        <Box component="section" aria-labelledby="import-completions" data-testid="import-completions" sx={{ p: 1.5, borderRadius: "14px", bgcolor: "#F8F9FD", border: `1px solid ${brand.border}` }}>
          <Typography id="import-completions" sx={{ fontWeight: 650 }}>
            {m.completionsTitle(completions.length)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {m.completionsHelp(completions.length)}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, maxHeight: 200, overflowY: "auto" }}>
            {completions.map((c) => {
              const name = fullName(c);
              return (
                <Box component="li" key={c.contactId}>
                  <Box component="label" sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, cursor: "pointer" }}>
                    <Checkbox checked={completing.has(c)} onChange={() => toggleCompletion(c)} slotProps={{ input: { "aria-label": `${m.completeOne} ${name}` } }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }} noWrap>
                        {name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {m.adds(c.fields.map((f) => m.completionFields[f] ?? f).join(", "))}
                      </Typography>
                    </Box>
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
      )}
      {contacts.length > 0 && (
        <>
      <TextField
        size="small"
        placeholder={m.search}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setShown(PAGE);
        }}
        slotProps={{
          htmlInput: { "aria-label": m.search },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", "& > .MuiButton-root": { flex: { xs: "1 1 0", sm: "none" }, px: 1.25, whiteSpace: "nowrap" } }}>
        <Button size="small" variant="outlined" onClick={selectAll} disabled={visible.length === 0}>
          {m.selectAll}
        </Button>
        <Button size="small" variant="outlined" color="inherit" onClick={unselectAll} disabled={visible.length === 0} sx={{ borderColor: "divider" }}>
          {m.unselectAll}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: "auto" }, flexBasis: { xs: "100%", sm: "auto" } }} data-testid="import-selected" aria-live="polite">
          {m.selected(chosen.length, contacts.length)}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-label={m.title}
        sx={{ listStyle: "none", m: 0, p: 0, border: `1px solid ${brand.border}`, borderRadius: "14px", maxHeight: { xs: 320, sm: 360 }, overflowY: "auto" }}
      >
        {visible.length === 0 ? (
          <Box component="li" sx={{ p: 3, textAlign: "center" }}>
            <Typography color="text.secondary">{m.noMatch}</Typography>
          </Box>
        ) : (
          visible.slice(0, shown).map((c, i) => {
            const name = fullName(c);
            const detail = jobAndCompany(c);
            return (
              <Box component="li" key={i} sx={{ borderTop: i ? `1px solid ${brand.border}` : 0 }}>
                <Box component="label" sx={{ display: "flex", alignItems: "center", gap: 1, px: 1, py: 0.75, cursor: "pointer", "&:hover": { bgcolor: "#F8F9FD" } }}>
                  <Checkbox checked={selected.has(c)} onChange={() => toggle(c)} slotProps={{ input: { "aria-label": name } }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      {name}
                    </Typography>
                    {detail && (
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {detail}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </Box>
            );
          })
        )}
        {visible.length > shown && (
          <Box component="li" sx={{ p: 1, textAlign: "center", borderTop: `1px solid ${brand.border}` }}>
            <Button size="small" onClick={() => setShown((n) => n + PAGE)}>
              {m.showMore(Math.min(PAGE, visible.length - shown))}
            </Button>
          </Box>
        )}
      </Box>
        </>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1.25, flexWrap: "wrap-reverse", "& > .MuiButton-root": { flex: { xs: "1 1 auto", sm: "0 0 auto" } } }}>
        <Button color="inherit" onClick={onBack} disabled={saving}>
          {m.another}
        </Button>
        <Button variant="contained" disabled={chosen.length + chosenCompletions.length === 0} loading={saving} onClick={() => onConfirm(chosen, chosenCompletions)}>
          {m.confirm(chosen.length, chosenCompletions.length)}
        </Button>
      </Box>
    </Box>
  );
}
