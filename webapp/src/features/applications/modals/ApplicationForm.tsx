// The application modal's body (spec section 2 "Modals", 3 "Application", 4, 5): company, job,
// source and its details, salary, reference (hidden and cleared for the source my-network),
// place, publication date, the candidate's own contacts (several, searchable), description and
// links. Rules checked on submit; the server's refusals land on the fields they name.
import { useMemo, useState } from "react";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm } from "react-hook-form";
import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import { Actions, FormActions, Grid, Section, bind } from "../../../components/form/layout";
import { NetworkService } from "../../../gen/tremplin/network/v1/network_pb";
import {
  ApplicationSource,
  OpportunityService,
  type Application,
} from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { DayField } from "../../../components/DayField";
import { ResourcesField } from "../../../components/resources/ResourcesField";
import { BodyLoading, LoadFailure } from "../../../components/ModalBody";
import { useToast } from "../../../components/Toasts";
import { isClosed } from "../../../components/applicationStatus";
import { errorReason, isNotFound, missingEntity } from "../../../lib/errors";
import { messages } from "../../../lib/messages";
import { activityMessages } from "../../../lib/messages/activities";
import { applicationMessages } from "../../../lib/messages/applications";
import { applicationSourceLabel } from "../../../lib/messages/opportunity";
import { handledByApp } from "../../../lib/queryClient";
import { UNREADABLE } from "../../../lib/format";
import { brand } from "../../../lib/theme";
import { violationErrors } from "../../../lib/useServerViolations";
import {
  SOURCES,
  applicationDraft,
  applicationToForm,
  emptyApplication,
  showsReference,
  validateApplication,
  violationField,
  type ApplicationFormValues,
} from "./model";
import { personName } from "../../../lib/names";
import { useRefreshApplications } from "../../../lib/refresh";
import { screenMessages } from "../../../lib/messages/screens";

const f = applicationMessages.form;
const t = applicationMessages.toasts;

/**
 * The modal body: to edit, loads the application first (a listed one carries no description nor
 * links). `onSaved` gets the saved application; the caller closes the modal or chains a prompt.
 */
export function ApplicationModalBody({
  applicationId,
  close,
  onSaved,
}: {
  applicationId?: string;
  close: () => void;
  onSaved: (a: Application, created: boolean) => void;
}) {
  const toast = useToast();
  const refresh = useRefreshApplications();
  // A deleted or foreign application is this modal's business; other refusals are the app's.
  const existing = useQuery(OpportunityService.method.getApplication, applicationId ? { id: applicationId } : skipToken, {
    meta: { handlesErrors: isNotFound },
    staleTime: 0,
  });
  if (applicationId && existing.error) {
    return <LoadFailure error={existing.error} close={close} onGone={() => (toast.error(t.gone), void refresh())} />;
  }
  const application = existing.data?.application;
  if (applicationId && !application) {
    return <BodyLoading label={f.loading} size={22} />;
  }
  if (application && isClosed(application)) {
    return <Closed close={close} />;
  }
  return <ApplicationForm application={application} close={close} onSaved={onSaved} />;
}

/** Win and lost are final: the form is not offered. */
function Closed({ close }: { close: () => void }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Alert severity="info">{t.closed}</Alert>
      <Actions>
        <Button variant="contained" onClick={close}>
          {f.cancel}
        </Button>
      </Actions>
    </Box>
  );
}

type TextName = "company" | "job" | "reference" | "place" | "salary" | "description" | "sourceDetails";

export function ApplicationForm({
  application,
  close,
  onSaved,
}: {
  application: Application | undefined;
  close: () => void;
  onSaved: (a: Application, created: boolean) => void;
}) {
  const toast = useToast();
  const refresh = useRefreshApplications();
  const editing = application !== undefined;
  const form = useForm<ApplicationFormValues>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: application ? applicationToForm(application) : emptyApplication(),
  });
  const { register, handleSubmit, watch, setValue, setError, clearErrors, formState } = form;
  const [formError, setFormError] = useState<string | undefined>();
  const create = useMutation(OpportunityService.method.createApplication, { meta: { handlesErrors: true } });
  const update = useMutation(OpportunityService.method.updateApplication, { meta: { handlesErrors: true } });
  const saving = create.isPending || update.isPending;

  const required = (name: "company" | "job") => (v: string) => (validateApplication({ company: "x", job: "x", source: ApplicationSource.OTHER, [name]: v })[name] ? messages.validation.required : true);
  register("source", { validate: (s) => (s === ApplicationSource.UNSPECIFIED ? messages.validation.required : true) });
  // Optional, but a half-typed or impossible date is said, not saved as no date.
  register("dateOfPublication", { validate: (d) => (d === UNREADABLE ? messages.validation.date : true) });
  const source = watch("source");
  const resources = watch("resources");
  const contactIds = watch("contactIds");

  const onFailure = (err: unknown) => {
    // The subscription page or the sign-out: the app's handling, which drops the modal.
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "INVALID_FIELDS") {
      // The shared mapping (src/lib/useServerViolations.ts); the links have no field of their own.
      const errors = violationErrors<keyof ApplicationFormValues>(err, { field: violationField, ownRules: /^(application|resource)\./ });
      if (!errors) {
        setFormError(editing ? t.updateError : t.createError);
        return;
      }
      let first = true;
      for (const [field, message] of Object.entries(errors) as [keyof ApplicationFormValues, string][]) {
        if (field === "resources") {
          setFormError(message);
          continue;
        }
        setError(field, { message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    if (reason === "APPLICATION_CLOSED") {
      toast.error(t.closed);
      void refresh();
      close();
      return;
    }
    if (isNotFound(err)) {
      if (missingEntity(err) === "contact") {
        // A chosen contact was deleted meanwhile: the list reloads, the form stays.
        setError("contactIds", { message: f.contactGone });
        void refresh();
        return;
      }
      toast.error(t.gone);
      void refresh();
      close();
      return;
    }
    setFormError(editing ? t.updateError : t.createError);
  };

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    const draft = applicationDraft(values);
    const done = (saved: Application | undefined) => {
      if (!saved) return;
      toast.success(editing ? t.updated : t.created);
      void refresh();
      onSaved(saved, !editing);
    };
    if (application) update.mutate({ id: application.id, application: draft }, { onSuccess: (r) => done(r.application), onError: onFailure });
    else create.mutate({ application: draft }, { onSuccess: (r) => done(r.application), onError: onFailure });
  });

  const text = (name: TextName, label: string, extra: object = {}, validate?: (v: string) => true | string) => {
    const error = formState.errors[name]?.message;
    return <TextField label={label} {...bind(register(name, validate ? { validate } : {}))} error={Boolean(error)} helperText={error ?? (extra as { helperText?: string }).helperText} {...extra} />;
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={editing ? f.editTitle : f.createTitle} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Section title={f.offer}>
        <Grid>
          {text("company", f.company, { required: true, autoComplete: "off", slotProps: { htmlInput: { maxLength: 200 } } }, required("company"))}
          {text("job", f.job, { required: true, autoComplete: "off", slotProps: { htmlInput: { maxLength: 200 } } }, required("job"))}
          {text("place", f.place, { autoComplete: "off", slotProps: { htmlInput: { maxLength: 200 } } })}
          {text("salary", f.salary, { autoComplete: "off", helperText: f.salaryHelp, slotProps: { htmlInput: { maxLength: 100 } } })}
        </Grid>
      </Section>

      <Section title={f.origin}>
        <Grid>
          <TextField
            select
            required
            label={f.source}
            name="source"
            value={source === ApplicationSource.UNSPECIFIED ? "" : source}
            onChange={(e) => {
              const next = Number(e.target.value) as ApplicationSource;
              setValue("source", next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
              // The source my-network clears and hides the reference (spec section 4).
              if (!showsReference(next)) setValue("reference", "", { shouldDirty: true });
              clearErrors("reference");
            }}
            error={Boolean(formState.errors.source)}
            helperText={formState.errors.source?.message}
          >
            {SOURCES.map((s) => (
              <MenuItem key={s} value={s}>
                {applicationSourceLabel(s)}
              </MenuItem>
            ))}
          </TextField>
          {text("sourceDetails", f.sourceDetails, { autoComplete: "off", helperText: f.sourceDetailsHelp, slotProps: { htmlInput: { maxLength: 500 } } })}
          {showsReference(source) ? (
            text("reference", f.reference, { autoComplete: "off", slotProps: { htmlInput: { maxLength: 200 } } })
          ) : (
            <Box data-testid="reference-hidden" sx={{ display: "flex", gap: 1, alignItems: "center", px: 1.5, py: 1.25, borderRadius: "10px", bgcolor: "#F8FAFF", border: `1px solid ${brand.border}` }}>
              <InfoOutlined fontSize="small" sx={{ color: "primary.main" }} />
              <Typography variant="body2" color="text.secondary">
                {f.referenceHidden}
              </Typography>
            </Box>
          )}
          <DayField
            label={f.dateOfPublication}
            name="dateOfPublication"
            value={watch("dateOfPublication")}
            onChange={(v) => setValue("dateOfPublication", v, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
            error={Boolean(formState.errors.dateOfPublication)}
            helperText={formState.errors.dateOfPublication?.message}
          />
        </Grid>
      </Section>

      <Section title={f.people}>
        <ContactsPicker
          value={contactIds}
          known={application?.contacts ?? []}
          onChange={(ids) => {
            setValue("contactIds", ids, { shouldDirty: true });
            clearErrors("contactIds");
          }}
          error={formState.errors.contactIds?.message}
        />
        <ResourcesField value={resources} onChange={(next) => setValue("resources", next, { shouldDirty: true })} texts={activityMessages.form} />
      </Section>

      <Section title={f.aboutOffer}>
        {text("description", f.description, { multiline: true, minRows: 3, maxRows: 12, slotProps: { htmlInput: { maxLength: 20000 } } })}
      </Section>

      <FormActions error={formError} saving={saving} onCancel={close} cancelLabel={f.cancel} submitLabel={editing ? f.submitUpdate : f.submitCreate} />
    </Box>
  );
}

type ContactOption = { id: string; firstName: string; lastName: string; company: string };

const contactName = (c: ContactOption) => personName(c);
const filterContacts = createFilterOptions<ContactOption>({ limit: 50, stringify: (c) => `${contactName(c)} ${c.company}` });

/** The candidate's own contacts, several at once, searchable by name or company. */
function ContactsPicker({
  value,
  known,
  onChange,
  error,
}: {
  value: string[];
  /** The contacts already associated (named even before the list loads). */
  known: readonly ContactOption[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const list = useQuery(NetworkService.method.listContacts, {});
  const options = useMemo<ContactOption[]>(
    () => (list.data?.contacts ?? []).map((c) => ({ id: c.id, firstName: c.firstName, lastName: c.lastName, company: c.company })),
    [list.data],
  );
  const selected = useMemo(
    () => value.map((id) => options.find((o) => o.id === id) ?? known.find((k) => k.id === id) ?? { id, firstName: "…", lastName: "", company: "" }),
    [value, options, known],
  );
  return (
    <Autocomplete<ContactOption, true>
      multiple
      options={options}
      value={selected}
      loading={list.isPending}
      loadingText={f.contactsLoading}
      filterOptions={filterContacts}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={contactName}
      onChange={(_, v) => onChange(v.map((c) => c.id))}
      noOptionsText={list.isError ? screenMessages.loadError.contacts : f.contactsEmpty}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key || o.id} {...rest} sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start !important" }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {contactName(o)}
            </Typography>
            {o.company && (
              <Typography variant="caption" color="text.secondary">
                {o.company}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={f.contacts} error={Boolean(error)} helperText={error ?? (list.isError ? screenMessages.loadError.contacts : f.contactsHelp)} />}
    />
  );
}
