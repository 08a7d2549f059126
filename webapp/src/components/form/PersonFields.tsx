// Who a person is and how to reach them, as the staff's forms ask it (an agency's administrator,
// a candidate): the civility, the first name and the last name, on one row from `sm` (the last
// name upper-cased and cleaned as it is typed, spec section 5); then the e-mail (required), the
// mobile and phone numbers and the job.
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import * as rules from "../../lib/validation";
import { bind } from "./layout";
import type { PersonValues } from "./person";

const f = agencyMessages.agencyForm;

type TextRules = Record<string, (value: string) => rules.RuleResult>;

/** A text field of a staff form: registered with its rules, its error under it, no autofill. */
export function formTextField<F extends FieldValues>(form: UseFormReturn<F>, name: Path<F>, label: string, validate?: TextRules, extra: object = {}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return <TextField label={label} {...bind(form.register(name, { validate } as RegisterOptions<F, Path<F>>))} error={Boolean(error)} helperText={error} autoComplete="off" {...extra} />;
}

/** The form as these fields see it: only the person's values are theirs to read and write. */
function personForm<F extends PersonValues>(form: UseFormReturn<F>) {
  return form as unknown as UseFormReturn<PersonValues>;
}

export function PersonNameFields<F extends PersonValues>({ form }: { form: UseFormReturn<F> }) {
  const { register, watch, setValue, formState } = personForm(form);
  const lastName = register("lastName");
  const errors = formState.errors;
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "150px 1fr 1fr" }, gap: 2, alignItems: "start" }}>
      <TextField select label={f.civility} value={watch("civility")} onChange={(e) => setValue("civility", Number(e.target.value) as Civility)}>
        <MenuItem value={Civility.UNSPECIFIED}>{f.civilities.unspecified}</MenuItem>
        <MenuItem value={Civility.FEMALE}>{f.civilities.female}</MenuItem>
        <MenuItem value={Civility.MALE}>{f.civilities.male}</MenuItem>
        <MenuItem value={Civility.OTHER}>{f.civilities.other}</MenuItem>
      </TextField>
      <TextField label={f.firstName} autoComplete="off" {...bind(register("firstName"))} error={Boolean(errors.firstName)} helperText={errors.firstName?.message} />
      <TextField
        label={f.lastName}
        autoComplete="off"
        {...bind(lastName)}
        onChange={(e) => {
          e.target.value = rules.normalizeLastName(e.target.value);
          return lastName.onChange(e);
        }}
        error={Boolean(errors.lastName)}
        helperText={errors.lastName?.message}
      />
    </Box>
  );
}

/** The e-mail (`email`, required, the whole row), the mobile and phone numbers, the job (the whole row). */
export function PersonContactFields<F extends PersonValues>({
  form,
  email,
  labels,
}: {
  form: UseFormReturn<F>;
  email: Path<F>;
  labels: { email: string; mobile: string; phone: string; job: string };
}) {
  const person = personForm(form);
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
      <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
        {formTextField(form, email, labels.email, { required: rules.required, email: rules.email }, { required: true, type: "email" })}
      </Box>
      {formTextField(person, "mobileNumber", labels.mobile, { phone: rules.phone }, { type: "tel" })}
      {formTextField(person, "phoneNumber", labels.phone, { phone: rules.phone }, { type: "tel" })}
      <Box sx={{ gridColumn: { sm: "1 / -1" } }}>{formTextField(person, "job", labels.job)}</Box>
    </Box>
  );
}
