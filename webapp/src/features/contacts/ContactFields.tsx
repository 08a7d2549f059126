// Step 1 of the contact modal: every field of a contact — identity, ways of reaching them (with
// a preview of the status they give), intermediary and tags, notes and links.
import type { UseFormReturn } from "react-hook-form";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Civility, ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact, TouchRhythm } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import * as rules from "../../lib/validation";
import type { ContactFormValues } from "./contactFormValues";
import { FormActions, Grid, Section, bind } from "../../components/form/layout";
import { StepLine } from "./formLayout";
import { IntermediaryPicker } from "./IntermediaryPicker";
import { fullName, normalizeLastName } from "./names";
import { ResourcesField } from "../../components/resources/ResourcesField";
import { StatusPreview } from "./StatusPreview";
import { PremiumTags, TagsInput } from "./TagsField";
import { TOUCH_RHYTHMS, touchRhythmLabels } from "./touchRhythm";

const f = networkMessages.form;

type TextFieldName = "firstName" | "lastName" | "email" | "mobileNumber" | "phoneNumber" | "company" | "job" | "comments";

export function ContactFields({
  form,
  contact,
  descendantIds,
  premium,
  preview,
  withTaskStep,
  formError,
  saving,
  onSubmit,
  onCancel,
  onPremium,
}: {
  form: UseFormReturn<ContactFormValues>;
  contact: Contact | undefined;
  descendantIds: readonly string[];
  premium: boolean;
  /** The status the contact will have once saved. */
  preview: ContactStatus;
  /** Saving goes on to the first-task step. */
  withTaskStep: boolean;
  formError: string | undefined;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  onPremium: () => void;
}) {
  const { register, watch, setValue, formState } = form;
  const editing = contact !== undefined;
  const resources = watch("resources");
  // Registered in the order they are read: an empty submit focuses the first in error (Prénom).
  const firstName = register("firstName", { validate: { required: rules.required } });
  const lastName = register("lastName", { validate: { required: rules.required } });

  const text = (name: TextFieldName, label: string, validate?: Record<string, (v: string) => rules.RuleResult>, extra: object = {}) => {
    const { ref, ...rest } = register(name, { validate });
    const error = formState.errors[name]?.message;
    return <TextField label={label} inputRef={ref} {...rest} error={Boolean(error)} helperText={error} {...extra} />;
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }} aria-label={editing ? f.editTitle : f.createTitle}>
      {withTaskStep && <StepLine step={1} label={f.stepContact} />}

      <Section title={f.identity}>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "170px 1fr 1fr" }, gap: 2, alignItems: "start" }}>
          <TextField select label={f.civility} value={watch("civility")} onChange={(e) => setValue("civility", Number(e.target.value) as Civility, { shouldDirty: true })}>
            <MenuItem value={Civility.UNSPECIFIED}>{f.civilities.unspecified}</MenuItem>
            <MenuItem value={Civility.FEMALE}>{f.civilities.female}</MenuItem>
            <MenuItem value={Civility.MALE}>{f.civilities.male}</MenuItem>
            <MenuItem value={Civility.OTHER}>{f.civilities.other}</MenuItem>
          </TextField>
          <TextField
            label={f.firstName}
            required
            autoComplete="off"
            {...bind(firstName)}
            error={Boolean(formState.errors.firstName)}
            helperText={formState.errors.firstName?.message}
          />
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
          <PremiumTags tags={watch("tags")} onClick={onPremium} />
        )}
        <TextField
          select
          label={f.touchRhythm}
          value={watch("touchRhythm")}
          onChange={(e) => setValue("touchRhythm", Number(e.target.value) as TouchRhythm, { shouldDirty: true })}
          helperText={f.touchRhythmHelp}
        >
          {TOUCH_RHYTHMS.map((r) => (
            <MenuItem key={r} value={r}>
              {touchRhythmLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </Section>

      <Section title={f.notes}>
        <TextField label={f.comments} multiline minRows={3} maxRows={10} {...bind(register("comments"))} />
        <ResourcesField value={resources} onChange={(next) => setValue("resources", next, { shouldDirty: true })} texts={networkMessages.form} />
      </Section>

      <FormActions
        error={formError}
        saving={saving}
        onCancel={onCancel}
        cancelLabel={f.cancel}
        submitLabel={withTaskStep ? f.next : editing ? f.submitUpdate : f.submitCreate}
      />
    </Box>
  );
}
