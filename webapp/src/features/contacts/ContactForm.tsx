// The contact modal's body: every field of a contact, the intermediary picker (no incomplete
// contact, not the contact itself nor its descendants), tags (premium), notes and resources, a
// preview of the status the contact will have, and — when the contact becomes reachable for
// the first time — a second step offering its first task, saved in the same call.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { ConnectError } from "@connectrpc/connect";
import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useNavigate } from "react-router";
import { startOfToday } from "date-fns";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddRounded from "@mui/icons-material/AddRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import { MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { Civility, ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { NetworkService, type Contact } from "../../gen/tremplin/network/v1/network_pb";
import { DayField } from "../../components/DayField";
import { PremiumBadge } from "../../components/PremiumBadge";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { errorReason, isNotFound } from "../../lib/errors";
import { messages } from "../../lib/messages";
import { mediaTypeLabels, taskPriorityLabels, taskSubjectLabels } from "../../lib/messages/activity";
import { networkMessages } from "../../lib/messages/network";
import { SUBSCRIPTION_PATH } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";
import { useUser } from "../../lib/session";
import { fold, foldedIncludes } from "../../lib/text";
import { brand } from "../../lib/theme";
import * as rules from "../../lib/validation";
import { fieldViolations } from "../../lib/violations";
import {
  CONTACT_TASK_SUBJECTS,
  EMPTY_CONTACT,
  contactToForm,
  deadlineProblem,
  defaultFirstTask,
  formToDraft,
  fullName,
  intermediaryCandidates,
  intermediaryOptions,
  mediaTypesFor,
  normalizeLastName,
  promptsFirstTask,
  statusPreview,
  violationTarget,
  type ContactFormValues,
  type FirstTaskValues,
  type IntermediaryOption,
} from "./model";
import { useApplyUpdate, useRefreshNetwork } from "./queries";
import { StatusChip } from "./StatusChip";

const f = networkMessages.form;
const ft = networkMessages.firstTask;
const t = networkMessages.toasts;

/** The modal body: loads the contact to edit (the list's items carry no notes nor resources). */
export function ContactModalBody({ contactId, close }: { contactId?: string; close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshNetwork();
  // A contact deleted meanwhile is this modal's business; other refusals are the app's.
  const existing = useQuery(NetworkService.method.getContact, contactId ? { id: contactId } : skipToken, {
    meta: { handlesErrors: isNotFound },
    staleTime: 0,
  });
  const descendants = useQuery(NetworkService.method.listDescendants, contactId ? { id: contactId } : skipToken, {
    meta: { handlesErrors: isNotFound },
    staleTime: 0,
  });
  const error = existing.error ?? descendants.error;
  if (contactId && error) {
    return <LoadFailure error={error} close={close} onGone={() => (toast.error(t.gone), void refresh())} />;
  }
  if (contactId && (!existing.data?.contact || !descendants.data)) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 1.5, py: 6 }}>
        <CircularProgress size={22} />
        <Typography color="text.secondary">{f.loading}</Typography>
      </Box>
    );
  }
  return (
    <ContactForm
      contact={existing.data?.contact}
      descendantIds={descendants.data?.descendantIds ?? []}
      close={close}
    />
  );
}

/**
 * The contact to edit could not be read: gone (deleted meanwhile), or another failure, which
 * the app's handling has already shown.
 */
function LoadFailure({ error, close, onGone }: { error: unknown; close: () => void; onGone: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (isNotFound(error)) onGone();
    close();
  }, [error, close, onGone]);
  return null;
}

/** react-hook-form's register, for MUI's TextField (whose `ref` is the wrapper's). */
function bind({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

type TextFieldName = "firstName" | "lastName" | "email" | "mobileNumber" | "phoneNumber" | "company" | "job" | "comments";

export function ContactForm({
  contact,
  descendantIds,
  close,
}: {
  contact: Contact | undefined;
  descendantIds: readonly string[];
  close: () => void;
}) {
  const user = useUser();
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const refresh = useRefreshNetwork();
  const applyUpdate = useApplyUpdate();
  const premium = user.hasPremiumAccess;
  const editing = contact !== undefined;

  const form = useForm<ContactFormValues>({
    mode: "onTouched",
    defaultValues: contact ? contactToForm(contact) : EMPTY_CONTACT,
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const resources = watch("resources");
  const setResources = (next: ContactFormValues["resources"]) => setValue("resources", next, { shouldDirty: true });
  const lastName = register("lastName", { validate: { required: rules.required } });
  const [step, setStep] = useState<"contact" | "task">("contact");
  const [formError, setFormError] = useState<string | undefined>(undefined);

  const email = watch("email");
  const phoneNumber = watch("phoneNumber");
  const mobileNumber = watch("mobileNumber");
  const reach = { email, phoneNumber, mobileNumber };
  const preview = statusPreview(contact?.status, reach);
  const withTaskStep = promptsFirstTask(contact?.status, preview);

  const taskForm = useForm<FirstTaskValues>({ mode: "onTouched", defaultValues: defaultFirstTask(reach) });
  const taskShown = useRef(false);

  const createContact = useMutation(NetworkService.method.createContact, { meta: { handlesErrors: true } });
  const updateContact = useMutation(NetworkService.method.updateContact, { meta: { handlesErrors: true } });
  const saving = createContact.isPending || updateContact.isPending;

  const onFailure = (err: unknown) => {
    // The subscription page or the sign-out: the app's handling, which drops the modal.
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "INVALID_FIELDS") {
      const violations = fieldViolations(err);
      let placed = false;
      for (const v of violations) {
        const target = violationTarget(v.path);
        if (!target) continue;
        const message = violationMessage(target.field, v.ruleId, v.message);
        if (target.step === "task") {
          setStep("task");
          taskForm.setError(target.field as keyof FirstTaskValues, { message });
        } else {
          setStep("contact");
          setError(target.field as TextFieldName, { message }, { shouldFocus: !placed });
        }
        placed = true;
      }
      if (!placed) setFormError(editing ? t.updateError : t.createError);
      return;
    }
    if (reason === "DATE_IN_PAST") {
      setStep("task");
      taskForm.setError("deadline", { message: ft.deadlinePast });
      return;
    }
    if (reason === "INVALID_INTERMEDIARY") {
      setStep("contact");
      setError("parentId", { message: err instanceof ConnectError && err.rawMessage ? err.rawMessage : f.parentRule });
      return;
    }
    if (isNotFound(err)) {
      // The contact, or the chosen intermediary, was deleted meanwhile.
      toast.error(t.gone);
      void refresh();
      close();
      return;
    }
    setFormError(editing ? t.updateError : t.createError);
  };

  const save = (values: ContactFormValues, task?: FirstTaskValues) => {
    setFormError(undefined);
    const draft = formToDraft(values, task);
    if (contact) {
      updateContact.mutate(
        { id: contact.id, contact: draft },
        {
          onSuccess: (res) => {
            applyUpdate(res);
            void refresh();
            toast.success(task ? t.updatedWithTask : t.updated);
            close();
          },
          onError: onFailure,
        },
      );
    } else {
      createContact.mutate(
        { contact: draft },
        {
          onSuccess: (res) => {
            void refresh();
            toast.success(res.task ? t.createdWithTask : t.created);
            if (res.contact?.status === ContactStatus.INCOMPLETE) {
              // The information notice replaces the form (one modal at a time).
              modals.inform({ title: networkMessages.incompleteNotice.title, message: networkMessages.incompleteNotice.message });
            } else {
              close();
            }
          },
          onError: onFailure,
        },
      );
    }
  };

  const submitContact = handleSubmit((values) => {
    if (withTaskStep) {
      if (!taskShown.current) {
        // The first time: defaults for the contact as it now stands (its ways of being reached).
        taskShown.current = true;
        taskForm.reset(defaultFirstTask(values));
      } else {
        const allowed = mediaTypesFor(values);
        if (!allowed.includes(taskForm.getValues("mediaType"))) taskForm.setValue("mediaType", allowed[0]!);
      }
      setStep("task");
    } else {
      save(values);
    }
  });

  const submitWithTask = taskForm.handleSubmit((task) => save(form.getValues(), task));

  // Leaving the page drops the modal.
  const goPremium = () => navigate(SUBSCRIPTION_PATH);

  const text = (name: TextFieldName, label: string, validate?: Record<string, (v: string) => rules.RuleResult>, extra: object = {}) => {
    const { ref, ...rest } = register(name, { validate });
    const error = formState.errors[name]?.message;
    return <TextField label={label} inputRef={ref} {...rest} error={Boolean(error)} helperText={error} {...extra} />;
  };

  if (step === "task") {
    return (
      <FirstTaskStep
        name={fullName({ firstName: form.getValues("firstName"), lastName: normalizeLastName(form.getValues("lastName")).trim() })}
        form={taskForm}
        mediaTypes={mediaTypesFor(form.getValues())}
        editing={editing}
        saving={saving}
        error={formError}
        onBack={() => setStep("contact")}
        onSkip={() => save(form.getValues())}
        onSubmit={submitWithTask}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submitContact} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }} aria-label={editing ? f.editTitle : f.createTitle}>
      {withTaskStep && <StepLine step={1} label={f.stepContact} />}

      <Section title={f.identity}>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "170px 1fr 1fr" }, gap: 2, alignItems: "start" }}>
          <TextField select label={f.civility} value={watch("civility")} onChange={(e) => setValue("civility", Number(e.target.value) as Civility, { shouldDirty: true })}>
            <MenuItem value={Civility.UNSPECIFIED}>{f.civilities.unspecified}</MenuItem>
            <MenuItem value={Civility.FEMALE}>{f.civilities.female}</MenuItem>
            <MenuItem value={Civility.MALE}>{f.civilities.male}</MenuItem>
            <MenuItem value={Civility.OTHER}>{f.civilities.other}</MenuItem>
          </TextField>
          {text("firstName", f.firstName, { required: rules.required }, { required: true, autoComplete: "off" })}
          <TextField
            label={f.lastName}
            required
            autoComplete="off"
            {...bind(lastName)}
            onChange={(e) => {
              // Upper-cased and cleaned as it is typed (the server saves it so).
              e.target.value = normalizeLastName(e.target.value);
              return lastName.onChange(e);
            }}
            onBlur={(e) => {
              e.target.value = e.target.value.trim();
              void lastName.onChange(e);
              return lastName.onBlur(e);
            }}
            error={Boolean(formState.errors.lastName)}
            helperText={formState.errors.lastName?.message ?? f.lastNameHelp}
          />
        </Box>
      </Section>

      <Section title={f.details}>
        <Grid>
          <Box sx={{ gridColumn: { sm: "1 / -1" } }}>{text("email", f.email, { email: rules.email }, { type: "email", autoComplete: "off" })}</Box>
          {text("mobileNumber", f.mobile, { phone: rules.phone }, { type: "tel", autoComplete: "off" })}
          {text("phoneNumber", f.phone, { phone: rules.phone }, { type: "tel", autoComplete: "off" })}
          {text("company", f.company, undefined, { autoComplete: "off" })}
          {text("job", f.job, undefined, { autoComplete: "off" })}
        </Grid>
        <StatusPreview status={preview} taskNext={withTaskStep} />
      </Section>

      <Section title={f.network}>
        <IntermediaryPicker
          selfId={contact?.id}
          descendantIds={descendantIds}
          currentParent={contact?.parent ? { id: contact.parent.id, label: fullName(contact.parent), detail: contact.parent.company } : undefined}
          value={watch("parentId")}
          onChange={(id) => {
            setValue("parentId", id, { shouldDirty: true });
            form.clearErrors("parentId");
          }}
          error={formState.errors.parentId?.message}
        />
        {premium ? (
          <TagsInput value={watch("tags")} onChange={(tags) => setValue("tags", tags, { shouldDirty: true })} />
        ) : (
          <PremiumTags tags={watch("tags")} onClick={goPremium} />
        )}
      </Section>

      <Section title={f.notes}>
        <TextField label={f.comments} multiline minRows={3} maxRows={10} {...bind(register("comments"))} />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {f.resources}
          </Typography>
          <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
            {resources.map((r, i) => (
              <Box key={i} sx={{ display: "grid", gridTemplateColumns: { xs: "1fr auto", sm: "1fr 1.6fr auto" }, gap: 1, alignItems: "start" }}>
                <TextField
                  size="small"
                  label={f.resourceLabel}
                  value={r.label}
                  onChange={(e) => setResources(resources.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
                />
                <Box sx={{ gridRow: { xs: 2, sm: "auto" }, gridColumn: { xs: "1 / 2", sm: "auto" } }}>
                  <TextField
                    size="small"
                    label={f.resourceUrl}
                    type="url"
                    value={r.url}
                    onChange={(e) => setResources(resources.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
                  />
                </Box>
                <IconButton aria-label={`${f.removeResource} ${i + 1}`} onClick={() => setResources(resources.filter((_, j) => j !== i))} sx={{ mt: 0.25 }}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Box>
            ))}
            <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
              <Button size="small" startIcon={<AddRounded />} onClick={() => setResources([...resources, { label: "", url: "" }])}>
                {f.addResource}
              </Button>
              {resources.length > 0 && (
                <Typography variant="caption" color="text.secondary">
                  {f.resourcesHelp}
                </Typography>
              )}
            </Box>
          </Box>
        </Box>
      </Section>

      {formError && <Alert severity="error">{formError}</Alert>}

      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={saving} sx={{ borderColor: "divider" }}>
          {f.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {withTaskStep ? f.next : editing ? f.submitUpdate : f.submitCreate}
        </Button>
      </Actions>
    </Box>
  );
}

/** The French message of a server violation on a contact field. */
function violationMessage(field: string, ruleId: string, serverMessage: string): string {
  // The service's own rules (contact.*, task.*) carry French messages; protovalidate's do not.
  if (/^(contact|task)\./.test(ruleId) && serverMessage) return serverMessage;
  if (/required|min_len/.test(ruleId)) return messages.validation.required;
  switch (field) {
    case "email":
      return messages.validation.email;
    case "phoneNumber":
    case "mobileNumber":
      return messages.validation.phone;
    default:
      return serverMessage || messages.errors.generic;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography component="legend" variant="overline" sx={{ color: "text.secondary", fontWeight: 700, letterSpacing: "0.08em", lineHeight: 1.5, mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>{children}</Box>;
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "flex-end",
        gap: 1.25,
        flexWrap: "wrap-reverse",
        pt: 1,
        "& > .MuiButton-root": { minWidth: 120, flex: { xs: "1 1 auto", sm: "0 0 auto" } },
      }}
    >
      {children}
    </Box>
  );
}

function StepLine({ step, label }: { step: number; label: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 0.5 }} aria-hidden>
        {[1, 2].map((n) => (
          <Box key={n} sx={{ width: 24, height: 4, borderRadius: 99, bgcolor: n <= step ? "primary.main" : brand.border }} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {f.stepOf(step)} · <strong>{label}</strong>
      </Typography>
    </Box>
  );
}

function StatusPreview({ status, taskNext }: { status: ContactStatus; taskNext: boolean }) {
  const incomplete = status === ContactStatus.INCOMPLETE;
  return (
    <Box
      role="status"
      data-testid="status-preview"
      sx={{ display: "flex", gap: 1.25, alignItems: "flex-start", p: 1.5, borderRadius: "12px", bgcolor: incomplete ? "#FFFBEB" : "#F8FAFF", border: `1px solid ${incomplete ? "#FDE68A" : brand.border}` }}
    >
      <InfoOutlined sx={{ color: incomplete ? "#B45309" : "primary.main", mt: "2px" }} fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {f.statusPreview}
          </Typography>
          <StatusChip status={status} />
        </Box>
        {(incomplete || taskNext) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {incomplete ? f.incompleteHint : f.reachableHint}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

const YOU: IntermediaryOption = { id: "", label: f.parentYou, detail: f.parentYouDetail };

function IntermediaryPicker({
  selfId,
  descendantIds,
  currentParent,
  value,
  onChange,
  error,
}: {
  selfId: string | undefined;
  descendantIds: readonly string[];
  currentParent: IntermediaryOption | undefined;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const list = useQuery(NetworkService.method.listContacts, {});
  const [typed, setTyped] = useState("");
  const candidates = useMemo(
    () => intermediaryCandidates(list.data?.contacts ?? [], selfId, new Set(descendantIds), currentParent?.id),
    [list.data, selfId, descendantIds, currentParent?.id],
  );
  const { options, more } = useMemo(() => intermediaryOptions(candidates, typed), [candidates, typed]);
  const withYou = foldedIncludes([YOU.label], typed) ? [YOU, ...options] : options;

  const selected: IntermediaryOption = useMemo(() => {
    if (!value) return YOU;
    const c = (list.data?.contacts ?? []).find((x) => x.id === value);
    if (c) return { id: c.id, label: fullName(c), detail: c.company };
    return currentParent?.id === value ? currentParent : { id: value, label: "…", detail: "" };
  }, [value, list.data, currentParent]);

  return (
    <Autocomplete<IntermediaryOption, false, true, false>
      options={withYou}
      value={selected}
      disableClearable
      loading={list.isPending}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, o) => onChange(o.id)}
      onInputChange={(_, v, reason) => setTyped(reason === "input" ? v : "")}
      onClose={() => setTyped("")}
      noOptionsText={f.parentNoOptions}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key || o.id || "you"} {...rest} sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start !important" }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {o.label}
            </Typography>
            {o.detail && (
              <Typography variant="caption" color="text.secondary">
                {o.detail}
              </Typography>
            )}
          </Box>
        );
      }}
      slotProps={{
        listbox: {
          sx: { maxHeight: 280 },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={f.parent}
          error={Boolean(error)}
          helperText={error ?? (more > 0 ? f.parentMore(more) : f.parentHelp)}
        />
      )}
    />
  );
}

function TagsInput({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const tags = useQuery(NetworkService.method.searchTags, { term: "" });
  const names = useMemo(() => (tags.data?.tags ?? []).map((x) => x.name), [tags.data]);
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={names}
      value={value}
      loading={tags.isPending}
      filterSelectedOptions
      onChange={(_, v) => {
        // One tag per name, whatever the case, accents or apostrophes, written as an existing
        // tag when there is one (the server merges them the same way: its TagKey is the fold).
        const seen = new Set<string>();
        onChange(
          v
            .map((x) => x.replace(/\s+/g, " ").trim())
            .filter((x) => {
              const key = fold(x);
              if (!x || seen.has(key)) return false;
              seen.add(key);
              return true;
            })
            .map((x) => names.find((n) => fold(n) === fold(x)) ?? x),
        );
      }}
      renderInput={(params) => <TextField {...params} label={f.tags} helperText={f.tagsHelp} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 50 } }} />}
    />
  );
}

/** The tags of a non-subscriber: what the contact has, read-only; clicking offers Premium. */
function PremiumTags({ tags, onClick }: { tags: string[]; onClick: () => void }) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={`${f.tags} — ${f.tagsPremium}`}
      sx={{ justifyContent: "flex-start", textAlign: "left", border: `1px dashed ${brand.border}`, borderRadius: "10px", px: 1.75, py: 1.25, gap: 1, flexWrap: "wrap", bgcolor: "#FAFAFC" }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {f.tags}
      </Typography>
      <PremiumBadge />
      {tags.map((x) => (
        <Chip key={x} size="small" label={x} />
      ))}
      <Typography variant="caption" color="text.secondary" sx={{ flexBasis: "100%" }}>
        {f.tagsPremium}
      </Typography>
    </ButtonBase>
  );
}

function FirstTaskStep({
  name,
  form,
  mediaTypes,
  editing,
  saving,
  error,
  onBack,
  onSkip,
  onSubmit,
}: {
  name: string;
  form: ReturnType<typeof useForm<FirstTaskValues>>;
  mediaTypes: MediaType[];
  editing: boolean;
  saving: boolean;
  error: string | undefined;
  onBack: () => void;
  onSkip: () => void;
  onSubmit: () => void;
}) {
  const { register, watch, setValue, formState } = form;
  // Registered for its rule; DayField shows it and sets it.
  register("deadline", {
    validate: (v) => {
      const problem = deadlineProblem(v);
      return problem === "past" ? ft.deadlinePast : problem === "required" ? messages.validation.required : true;
    },
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }} aria-label={f.stepTask}>
      <StepLine step={2} label={f.stepTask} />
      <Typography color="text.secondary">{ft.intro(name)}</Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
          <TextField select label={ft.subject} required value={watch("subject")} onChange={(e) => setValue("subject", Number(e.target.value) as TaskSubject)}>
            {CONTACT_TASK_SUBJECTS.map((s) => (
              <MenuItem key={s} value={s}>
                {taskSubjectLabels[s as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField select label={ft.mediaType} required value={watch("mediaType")} onChange={(e) => setValue("mediaType", Number(e.target.value) as MediaType)}>
          {mediaTypes.map((mt) => (
            <MenuItem key={mt} value={mt}>
              {mediaTypeLabels[mt as Exclude<MediaType, MediaType.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={ft.priority} required value={watch("priority")} onChange={(e) => setValue("priority", Number(e.target.value) as TaskPriority)}>
          {[TaskPriority.NORMAL, TaskPriority.HIGH, TaskPriority.URGENT].map((p) => (
            <MenuItem key={p} value={p}>
              {taskPriorityLabels[p as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
        <DayField
          label={ft.deadline}
          required
          name="deadline"
          value={watch("deadline")}
          onChange={(v) => setValue("deadline", v, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
          minDate={startOfToday()}
          error={Boolean(formState.errors.deadline)}
          helperText={formState.errors.deadline?.message}
        />
        <Box sx={{ display: { xs: "none", sm: "block" } }} />
        <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
          <TextField label={ft.comments} multiline minRows={2} maxRows={6} {...bind(register("comments"))} />
        </Box>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Actions>
        <Button color="inherit" onClick={onBack} disabled={saving} sx={{ mr: { sm: "auto" } }}>
          {ft.back}
        </Button>
        <Button variant="outlined" color="inherit" onClick={onSkip} disabled={saving} sx={{ borderColor: "divider" }}>
          {ft.skip}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {editing ? ft.updateWithTask : ft.createWithTask}
        </Button>
      </Actions>
    </Box>
  );
}
