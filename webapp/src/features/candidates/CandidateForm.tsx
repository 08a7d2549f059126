// The candidate modal (spec sections 2 and 5): identity and contact details, e-mail required.
// The platform admin also chooses B2C (the default) or B2B and the agency; an agency admin's
// candidate belongs to their agency. Refusals land under the field they concern.
// Only useForm's own methods (see src/features/contacts/ContactForm.tsx: the login page shares
// react-hook-form's module).
import { useForm } from "react-hook-form";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { FormActions, Section } from "../../components/form/layout";
import { LoadError } from "../../components/LoadError";
import { PersonContactFields, PersonNameFields } from "../../components/form/PersonFields";
import { useAccountRefusals } from "../../components/form/useAccountRefusals";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { useToast } from "../../components/Toasts";
import { errorReason, serverMessage } from "../../lib/errors";
import { agencyMessages } from "../../lib/messages/agency";
import * as rules from "../../lib/validation";
import { candidateDraft, EMPTY_CANDIDATE, fieldOfPath, type CandidateFormValues, type Manager } from "./model";
import { useUnsavedChanges } from "../../components/modalChanges";
import { useRefreshAgency } from "../../lib/refresh";

const f = agencyMessages.candidateForm;

/** Spec section 8: the candidate's creation error, in the server's own words when it has some. */
function serverDetail(err: unknown): string | undefined {
  const reason = errorReason(err);
  return reason && reason !== "INVALID_FIELDS" ? serverMessage(err) : undefined;
}

export function CandidateForm({ who, close }: { who: Manager; close: () => void }) {
  const admin = who === "admin";
  const toast = useToast();
  const refresh = useRefreshAgency();
  const form = useForm<CandidateFormValues>({ mode: "onTouched", defaultValues: EMPTY_CANDIDATE });
  const { register, handleSubmit, watch, setValue, formState } = form;
  useUnsavedChanges(formState.isDirty);
  // A failure is said under the agency select (LoadError), which it would otherwise leave empty.
  const agencies = useQuery(AgencyService.method.listAgencies, {}, { enabled: admin, meta: { handlesErrors: true } });
  const createCandidate = useMutation(AgencyService.method.createCandidate, { meta: { handlesErrors: true } });
  const { formError, clearFormError, onFailure } = useAccountRefusals(form, { email: "email", field: fieldOfPath, fallback: f.createError, formMessage: serverDetail });
  const isB2c = watch("isB2c");
  register("agencyId", {
    // A B2B candidate takes a licence from an agency: one must be chosen.
    validate: (v) => (admin && !watch("isB2c") ? rules.required(v) : true),
  });

  const submit = handleSubmit((values) => {
    clearFormError();
    createCandidate.mutate(candidateDraft(values, who), {
      onSuccess: (res) => {
        void refresh();
        toast.success(res.invitationSent ? f.createdInvited : f.createdWaiting);
        close();
      },
      onError: onFailure,
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={f.title} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Section title={f.identity}>
        <PersonNameFields form={form} />
      </Section>
      <Section title={f.contact}>
        <PersonContactFields form={form} email="email" labels={f} />
      </Section>
      {admin ? (
        <Section title={f.access}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={isB2c}
                  onChange={(e) => {
                    setValue("isB2c", e.target.checked);
                    form.clearErrors("agencyId");
                  }}
                />
              }
              label={f.b2c}
            />
            <Typography variant="body2" color="text.secondary">
              {isB2c ? f.b2cHelp : f.b2bHelp}
            </Typography>
          </Box>
          <TextField
            select
            label={f.agency}
            required={!isB2c}
            value={watch("agencyId")}
            onChange={(e) => setValue("agencyId", e.target.value, { shouldValidate: formState.isSubmitted })}
            error={Boolean(formState.errors.agencyId)}
            helperText={formState.errors.agencyId?.message}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{isB2c ? f.noAgency : "—"}</MenuItem>
            {(agencies.data?.agencies ?? []).map((ag) => (
              <MenuItem key={ag.id} value={ag.id}>
                {ag.name}
              </MenuItem>
            ))}
          </TextField>
          {agencies.isError && !agencies.data && (
            <LoadError what={f.loadAgencies} onRetry={() => void agencies.refetch()} retrying={agencies.isFetching} />
          )}
        </Section>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {f.agencyHintB2B}
        </Typography>
      )}
      <FormActions error={formError} saving={createCandidate.isPending} onCancel={close} cancelLabel={f.cancel} submitLabel={f.submit} />
    </Box>
  );
}
