// The agency modal (spec sections 2 and 5): the agency's name and e-mail (required), and its
// administrator, whose account is created and invited by e-mail.
// Only useForm's own methods (the login page shares react-hook-form's module).
import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { FormActions, Section } from "../../components/form/layout";
import { formTextField, PersonContactFields, PersonNameFields } from "../../components/form/PersonFields";
import { useAccountRefusals } from "../../components/form/useAccountRefusals";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { useToast } from "../../components/Toasts";
import { agencyMessages } from "../../lib/messages/agency";
import * as rules from "../../lib/validation";
import { agencyDraft, agencyFieldOfPath, EMPTY_AGENCY, type AgencyFormValues } from "./model";
import { useUnsavedChanges } from "../../components/modalChanges";
import { useRefreshAgency } from "../../lib/refresh";

const f = agencyMessages.agencyForm;

export function AgencyForm({ close }: { close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshAgency();
  const form = useForm<AgencyFormValues>({ mode: "onTouched", defaultValues: EMPTY_AGENCY });
  const { handleSubmit, formState } = form;
  useUnsavedChanges(formState.isDirty);
  const create = useMutation(AgencyService.method.createAgency, { meta: { handlesErrors: true } });
  const { formError, clearFormError, onFailure } = useAccountRefusals(form, { email: "adminEmail", field: agencyFieldOfPath, fallback: f.createError });

  const submit = handleSubmit((values) => {
    clearFormError();
    create.mutate(agencyDraft(values), {
      onSuccess: () => {
        void refresh();
        toast.success(f.created);
        close();
      },
      onError: onFailure,
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={f.title} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Section title={f.agency}>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          {formTextField(form, "name", f.name, { required: rules.required }, { required: true })}
          {formTextField(form, "email", f.email, { required: rules.required, email: rules.email }, { required: true, type: "email" })}
        </Box>
      </Section>
      <Section title={f.admin}>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {f.adminHint}
        </Typography>
        <PersonNameFields form={form} />
        <PersonContactFields form={form} email="adminEmail" labels={{ ...f, email: f.adminEmail }} />
      </Section>
      <FormActions error={formError} saving={create.isPending} onCancel={close} cancelLabel={f.cancel} submitLabel={f.submit} />
    </Box>
  );
}
