// The fields the task and event forms share (the application, the contact, the media type), and
// the box that lets react-hook-form focus a picker. Each takes its form's value and gives back
// the user's choice; `fieldRef` is react-hook-form's (focusRef), so that the form can focus it.
import type { ReactNode, Ref } from "react";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { MediaType } from "../../gen/tremplin/activity/v1/activity_pb";
import { mediaTypeLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { personName } from "../../lib/names";
import type { ApplicationChoice, ContactChoice } from "./subjects";

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

export function ContactField({
  value,
  contacts,
  locked,
  required,
  onChange,
  error,
  fieldRef,
}: {
  value: string;
  contacts: ContactChoice[];
  locked?: boolean;
  required?: boolean;
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
      noOptionsText={f.noContact}
      renderInput={(params) => <TextField {...params} label={f.contact} required={required} error={Boolean(error)} helperText={error} />}
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
  return (
    <TextField ref={fieldRef} select required label={f.mediaType} value={value === MediaType.UNSPECIFIED ? "" : value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) as MediaType)} error={Boolean(error)} helperText={error ?? helper} slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}>
      {options.map((m) => (
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
