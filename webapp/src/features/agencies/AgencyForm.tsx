// The agency modal (spec sections 2 and 5): the agency's name and e-mail (required), and its
// administrator, whose account is created and invited by e-mail.
import { useState } from "react";
// Only useForm's own methods (the login page shares react-hook-form's module).
import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Actions, Section, bind } from "../../components/form/layout";
import { PersonNameFields } from "../../components/form/PersonNameFields";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { useToast } from "../../components/Toasts";
import { errorReason, serverMessage } from "../../lib/errors";
import { agencyMessages } from "../../lib/messages/agency";
import { handledByApp } from "../../lib/queryClient";
import * as rules from "../../lib/validation";
import { useServerViolations } from "../../lib/useServerViolations";
import { agencyDraft, agencyFieldOfPath, EMPTY_AGENCY, type AgencyFormValues } from "./model";
import { useUnsavedChanges } from "../../components/modalChanges";
import { useRefreshAgency } from "../../lib/refresh";

const f = agencyMessages.agencyForm;

type TextName = Exclude<keyof AgencyFormValues, "civility">;

export function AgencyForm({ close }: { close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshAgency();
  const form = useForm<AgencyFormValues>({ mode: "onTouched", defaultValues: EMPTY_AGENCY });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const [formError, setFormError] = useState<string | undefined>(undefined);
  useUnsavedChanges(formState.isDirty);
  const create = useMutation(AgencyService.method.createAgency, { meta: { handlesErrors: true } });
  const placeViolations = useServerViolations(form, { field: agencyFieldOfPath, fallback: f.createError });

  const onFailure = (err: unknown) => {
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "EMAIL_ALREADY_USED") {
      setError("adminEmail", { message: serverMessage(err) ?? f.createError }, { shouldFocus: true });
      return;
    }
    if (reason === "INVALID_FIELDS" && placeViolations(err)) return;
    setFormError(f.createError);
    toast.error(f.createError);
  };

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    create.mutate(agencyDraft(values), {
      onSuccess: () => {
        void refresh();
        toast.success(f.created);
        close();
      },
      onError: onFailure,
    });
  });

  const text = (name: TextName, label: string, validate?: Record<string, (v: string) => rules.RuleResult>, extra: object = {}) => {
    const error = formState.errors[name]?.message;
    return <TextField label={label} {...bind(register(name, { validate }))} error={Boolean(error)} helperText={error} autoComplete="off" {...extra} />;
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={f.title} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Section title={f.agency}>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          {text("name", f.name, { required: rules.required }, { required: true })}
          {text("email", f.email, { required: rules.required, email: rules.email }, { required: true, type: "email" })}
        </Box>
      </Section>
      <Section title={f.admin}>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {f.adminHint}
        </Typography>
        <PersonNameFields
          civility={watch("civility")}
          onCivilityChange={(civility) => setValue("civility", civility)}
          firstName={register("firstName")}
          lastName={register("lastName")}
          errors={{ firstName: formState.errors.firstName?.message, lastName: formState.errors.lastName?.message }}
        />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
            {text("adminEmail", f.adminEmail, { required: rules.required, email: rules.email }, { required: true, type: "email" })}
          </Box>
          {text("mobileNumber", f.mobile, { phone: rules.phone }, { type: "tel" })}
          {text("phoneNumber", f.phone, { phone: rules.phone }, { type: "tel" })}
          <Box sx={{ gridColumn: { sm: "1 / -1" } }}>{text("job", f.job)}</Box>
        </Box>
      </Section>
      {formError && <Alert severity="error">{formError}</Alert>}
      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={create.isPending} sx={{ borderColor: "divider" }}>
          {f.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {f.submit}
        </Button>
      </Actions>
    </Box>
  );
}
