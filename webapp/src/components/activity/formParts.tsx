// The fields the task and event forms share (the application, the subject, the contact, the
// media type, and their end: comments, links, the form's error and its buttons), and the box
// that lets react-hook-form focus a picker. Each takes its form's value and gives back
// the user's choice; `fieldRef` is react-hook-form's (focusRef), so that the form can focus it.
import type { ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { MediaType } from "../../gen/tremplin/activity/v1/activity_pb";
import { mediaTypeLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { personName } from "../../lib/names";
import { FormActions, bind } from "../form/layout";
import type { ResourceValue } from "../resources/model";
import { ResourcesField } from "../resources/ResourcesField";
import type { ApplicationChoice, ContactChoice } from "./subjects";
import { screenMessages } from "../../lib/messages/screens";

const f = activityMessages.form;

/** Fields given by the window that opens the form, which the user cannot change. */
export type Locks = { contact?: boolean; application?: boolean };

const contactLabel = (c: ContactChoice) => personName(c) + (c.company ? ` (${c.company})` : "");
const applicationLabel = (a: ApplicationChoice) => `${a.job} — ${a.company}`;
const filterContacts = createFilterOptions<ContactChoice>({ limit: 50, stringify: contactLabel });

export function ApplicationField({
  value,
  applications,
  locked,
  onChange,
  error,
  fieldRef,
}: {
  value: string;
  applications: ApplicationChoice[];
  locked?: boolean;
  onChange: (id: string) => void;
  error?: string;
  fieldRef?: Ref<HTMLDivElement>;
}) {
  return (
    <TextField ref={fieldRef} select label={f.application} value={value} disabled={locked} onChange={(e) => onChange(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{f.noApplication}</MenuItem>
      {applications.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {applicationLabel(a)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The subject: a task's or an event's (0, UNSPECIFIED, shows as nothing chosen). */
export function SubjectField<S extends number>({
  value,
  subjects,
  labels,
  onChange,
  error,
  fieldRef,
}: {
  value: S;
  subjects: readonly S[];
  labels: Readonly<Record<number, string>>;
  onChange: (s: S) => void;
  error?: string;
  fieldRef?: Ref<HTMLDivElement>;
}) {
  return (
    <TextField ref={fieldRef} select required label={f.subject} value={value === 0 ? "" : value} onChange={(e) => onChange(Number(e.target.value) as S)} error={Boolean(error)} helperText={error}>
      {subjects.map((s) => (
        <MenuItem key={s} value={s}>
          {labels[s]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The end of a task or event form: the comments, the links, the form's own error (a refusal
 * naming no field, or a link's), then « Annuler » and the save.
 */
export function FormEnd({
  comments,
  commentsError,
  resources,
  onResources,
  error,
  cancelLabel,
  saveLabel,
  saving,
  close,
}: {
  comments: UseFormRegisterReturn;
  commentsError?: string;
  resources: ResourceValue[];
  onResources: (r: ResourceValue[]) => void;
  error?: string;
  cancelLabel: string;
  saveLabel: string;
  saving: boolean;
  close: () => void;
}) {
  return (
    <>
      <TextField label={f.comments} multiline minRows={2} maxRows={8} {...bind(comments)} error={Boolean(commentsError)} helperText={commentsError} />
      <ResourcesField value={resources} onChange={onResources} texts={activityMessages.form} />
      <FormActions error={error} saving={saving} onCancel={close} cancelLabel={cancelLabel} submitLabel={saveLabel} />
    </>
  );
}

export function ContactField({
  value,
  contacts,
  locked,
  required,
  failed,
  onChange,
  error,
  fieldRef,
}: {
  value: string;
  contacts: ContactChoice[];
  locked?: boolean;
  required?: boolean;
  /** The contacts could not be read: the picker says so rather than « Aucun contact ». */
  failed?: boolean;
  onChange: (id: string) => void;
  error?: string;
  fieldRef?: Ref<HTMLDivElement>;
}) {
  const selected = contacts.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete<ContactChoice>
      ref={fieldRef}
      options={contacts}
      value={selected}
      disabled={locked}
      filterOptions={filterContacts}
      getOptionLabel={contactLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, c) => onChange(c?.id ?? "")}
      noOptionsText={failed ? screenMessages.loadError.contacts : f.noContact}
      renderInput={(params) => <TextField {...params} label={f.contact} required={required} error={Boolean(error)} helperText={error ?? (failed ? screenMessages.loadError.contacts : undefined)} />}
    />
  );
}

export function MediaField({
  value,
  options,
  disabled,
  onChange,
  error,
  helper,
  fieldRef,
}: {
  value: MediaType;
  options: MediaType[];
  disabled?: boolean;
  onChange: (m: MediaType) => void;
  error?: string;
  helper?: string;
  fieldRef?: Ref<HTMLDivElement>;
}) {
  // A kept value the options do not hold (its contact could not be read) still shows as it is.
  const shown = value === MediaType.UNSPECIFIED || options.includes(value) ? options : [value, ...options];
  return (
    <TextField ref={fieldRef} select required label={f.mediaType} value={value === MediaType.UNSPECIFIED ? "" : value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) as MediaType)} error={Boolean(error)} helperText={error ?? helper} slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}>
      {shown.map((m) => (
        <MenuItem key={m} value={m}>
          {mediaTypeLabels[m as Exclude<MediaType, MediaType.UNSPECIFIED>]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A field react-hook-form cannot hand its ref to (the day and time pickers): a box around it. */
export function FieldBox({ fieldRef, children }: { fieldRef: Ref<HTMLDivElement>; children: ReactNode }) {
  // `display: contents`: the box takes no place, the field stays its grid's cell.
  return (
    <Box ref={fieldRef} sx={{ display: "contents" }}>
      {children}
    </Box>
  );
}
