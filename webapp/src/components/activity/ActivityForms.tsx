// The task and event modals' bodies (spec section 2 "Modals", 4 "Form dependencies", 5): every
// dependency applies as a value changes (model.ts), the local rules show under their fields on
// submit, and the server's refusals land on the fields they name.
import { useMemo, useState, type ReactNode } from "react";
import { useMutation } from "@connectrpc/connect-query";
import { startOfToday } from "date-fns";
import Alert from "@mui/material/Alert";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  ActivityService,
  EventSubject,
  MediaType,
  TaskPriority,
  TaskSubject,
  type Event as ActivityEvent,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { DayField } from "../DayField";
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { useToast } from "../Toasts";
import { isNotFound } from "../../lib/errors";
import { eventSubjectLabels, mediaTypeLabels, taskPriorityLabels, taskSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { ResourcesField } from "../resources/ResourcesField";
import { Actions, Grid } from "../form/layout";
import { ruleMessage, serverFieldErrors } from "./fields";
import { useActivityLookups } from "./lookups";
import { TimeField } from "./TimeField";
import { applyEventDependencies, eventDraft, validateEvent, type EventFormValues } from "./eventForm";
import { applyTaskDependencies, preselectContact, taskDraft, validateTask, type TaskFormValues } from "./taskForm";
import { contactsFor, eventMediaTypesFor, eventSubjectsFor, isContactSubject, needsMediaDetails, taskMediaTypesFor, taskSubjectsFor, type ApplicationChoice, type ContactChoice } from "./subjects";
import { personName } from "../../lib/names";

const f = activityMessages.form;
const t = activityMessages.toasts;

export type Locks = { contact?: boolean; application?: boolean };

type Errors = Record<string, string | undefined>;

const contactLabel = (c: ContactChoice) => personName(c) + (c.company ? ` (${c.company})` : "");
const applicationLabel = (a: ApplicationChoice) => `${a.job} — ${a.company}`;
const filterContacts = createFilterOptions<ContactChoice>({ limit: 50, stringify: contactLabel });

function ApplicationField({ value, applications, locked, onChange, error }: { value: string; applications: ApplicationChoice[]; locked?: boolean; onChange: (id: string) => void; error?: string }) {
  return (
    <TextField select label={f.application} value={value} disabled={locked} onChange={(e) => onChange(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{f.noApplication}</MenuItem>
      {applications.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {applicationLabel(a)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ContactField({ value, contacts, locked, required, onChange, error }: { value: string; contacts: ContactChoice[]; locked?: boolean; required?: boolean; onChange: (id: string) => void; error?: string }) {
  const selected = contacts.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete<ContactChoice>
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

function MediaField({ value, options, disabled, onChange, error, helper }: { value: MediaType; options: MediaType[]; disabled?: boolean; onChange: (m: MediaType) => void; error?: string; helper?: string }) {
  return (
    <TextField select required label={f.mediaType} value={value === MediaType.UNSPECIFIED ? "" : value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) as MediaType)} error={Boolean(error)} helperText={error ?? helper} slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}>
      {options.map((m) => (
        <MenuItem key={m} value={m}>
          {mediaTypeLabels[m as Exclude<MediaType, MediaType.UNSPECIFIED>]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Form({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.25, pt: 1 }}
    >
      {children}
    </Box>
  );
}

/** Shared save plumbing: field errors from the server, toasts, the app's own handling. */
function useFailure(setErrors: (e: Errors) => void, setFormError: (m: string | undefined) => void, close: () => void, fallback: string, dateField: string) {
  const toast = useToast();
  return (err: unknown) => {
    if (handledByApp(err)) return;
    const fields = serverFieldErrors(err, dateField);
    if (fields) {
      setErrors(fields);
      return;
    }
    if (isNotFound(err)) {
      toast.error(t.gone);
      close();
      return;
    }
    setFormError(fallback);
  };
}

export function TaskForm({
  task,
  initial,
  locks = {},
  intro,
  notice,
  cancelLabel = f.cancel,
  close,
  onSaved,
}: {
  /** The task to edit; absent to create one. */
  task?: Task;
  initial: TaskFormValues;
  locks?: Locks;
  intro?: string;
  notice?: ReactNode;
  cancelLabel?: string;
  close: () => void;
  onSaved: (task: Task) => void;
}) {
  const lookups = useActivityLookups();
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const create = useMutation(ActivityService.method.createTask, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateTask, { meta: { handlesErrors: true } });
  const saving = create.isPending || update.isPending;
  const onFailure = useFailure(setErrors, setFormError, close, task ? t.taskUpdateError : t.taskCreateError, "deadline");

  const application = lookups.applications.find((a) => a.id === values.applicationId);
  const contacts = useMemo(() => contactsFor(lookups.contacts, application), [lookups.contacts, application]);
  const contact = lookups.contacts.find((c) => c.id === values.contactId);
  const withContact = values.subject === TaskSubject.UNSPECIFIED || isContactSubject(values.subject);

  // Once the lists are known, an opportunity given with a single contact brings that contact
  // (not a change of the user's: Escape still closes at once).
  const [baseline, setBaseline] = useState(initial);
  const [preselected, setPreselected] = useState(false);
  if (!lookups.loading && !preselected) {
    setPreselected(true);
    if (!task) {
      const chosen = preselectContact(values, lookups);
      setValues(chosen);
      setBaseline(chosen);
    }
  }
  useUnsavedChanges(!sameValues(values, baseline));

  const change = (patch: Partial<TaskFormValues>) => {
    // While the lists load, a prefilled contact or application is kept as given.
    let next = lookups.loading ? { ...values, ...patch } : applyTaskDependencies({ ...values, ...patch }, lookups);
    if (!lookups.loading && "applicationId" in patch) next = preselectContact(next, lookups);
    setValues(next);
    if (submitted) setErrors(localErrors(next));
  };
  const localErrors = (v: TaskFormValues): Errors => Object.fromEntries(Object.entries(validateTask(v)).map(([k, p]) => [k, ruleMessage(p)]));

  const submit = () => {
    setSubmitted(true);
    setFormError(undefined);
    const local = localErrors(values);
    setErrors(local);
    if (Object.keys(local).length) return;
    const draft = taskDraft(values);
    const done = (saved: Task | undefined) => {
      if (!saved) return;
      toast.success(task ? t.taskUpdated : t.taskCreated);
      onSaved(saved);
    };
    if (task) update.mutate({ id: task.id, task: draft }, { onSuccess: (r) => done(r.task), onError: onFailure });
    else create.mutate({ task: draft }, { onSuccess: (r) => done(r.task), onError: onFailure });
  };
  return (
    <Form label={task ? f.editTaskTitle : f.createTaskTitle} onSubmit={submit}>
      {notice}
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      <ApplicationField value={values.applicationId} applications={lookups.applications} locked={locks.application} onChange={(applicationId) => change({ applicationId })} error={errors.applicationId} />
      <TextField
        select
        required
        label={f.subject}
        value={values.subject === TaskSubject.UNSPECIFIED ? "" : values.subject}
        onChange={(e) => change({ subject: Number(e.target.value) as TaskSubject })}
        error={Boolean(errors.subject)}
        helperText={errors.subject}
      >
        {taskSubjectsFor(values.applicationId).map((s) => (
          <MenuItem key={s} value={s}>
            {taskSubjectLabels[s as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>]}
          </MenuItem>
        ))}
      </TextField>
      {values.subject === TaskSubject.OTHER && (
        <TextField required label={f.customSubject} value={values.customSubject} onChange={(e) => change({ customSubject: e.target.value })} error={Boolean(errors.customSubject)} helperText={errors.customSubject} slotProps={{ htmlInput: { maxLength: 200 } }} />
      )}
      {withContact ? (
        <Grid>
          <ContactField value={values.contactId} contacts={contacts} locked={locks.contact} required={values.subject !== TaskSubject.UNSPECIFIED} onChange={(contactId) => change({ contactId })} error={errors.contactId} />
          <MediaField value={values.mediaType} options={taskMediaTypesFor(contact)} disabled={!contact} helper={contact ? undefined : f.mediaTypeFirst} onChange={(mediaType) => change({ mediaType })} error={errors.mediaType} />
        </Grid>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {f.contactHidden}
        </Typography>
      )}
      <Grid>
        <DayField label={f.deadline} required name="deadline" value={values.deadline} minDate={startOfToday()} onChange={(deadline) => change({ deadline })} error={Boolean(errors.deadline)} helperText={errors.deadline} />
        <TextField select required label={f.priority} value={values.priority} onChange={(e) => change({ priority: Number(e.target.value) as TaskPriority })} error={Boolean(errors.priority)} helperText={errors.priority}>
          {[TaskPriority.NORMAL, TaskPriority.HIGH, TaskPriority.URGENT].map((p) => (
            <MenuItem key={p} value={p}>
              {taskPriorityLabels[p as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <TextField label={f.comments} multiline minRows={2} maxRows={8} value={values.comments} onChange={(e) => change({ comments: e.target.value })} error={Boolean(errors.comments)} helperText={errors.comments} />
      <ResourcesField value={values.resources} onChange={(resources) => change({ resources })} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources}</Alert>}
      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={saving} sx={{ borderColor: "divider" }}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {task ? f.update : f.create}
        </Button>
      </Actions>
    </Form>
  );
}

export function EventForm({
  event,
  initial,
  label,
  locks = {},
  close,
  onSaved,
}: {
  event?: ActivityEvent;
  initial: EventFormValues;
  /** The form's accessible name when not the default one (« Nouvel entretien »). */
  label?: string;
  locks?: Locks;
  close: () => void;
  onSaved: (event: ActivityEvent) => void;
}) {
  const lookups = useActivityLookups();
  const toast = useToast();
  const [values, setValues] = useState(initial);
  useUnsavedChanges(!sameValues(values, initial));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const create = useMutation(ActivityService.method.createEvent, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateEvent, { meta: { handlesErrors: true } });
  const saving = create.isPending || update.isPending;
  const onFailure = useFailure(setErrors, setFormError, close, event ? t.eventUpdateError : t.eventCreateError, "date");

  const application = lookups.applications.find((a) => a.id === values.applicationId);
  const contacts = useMemo(() => contactsFor(lookups.contacts, application), [lookups.contacts, application]);
  const contact = lookups.contacts.find((c) => c.id === values.contactId);
  const localErrors = (v: EventFormValues): Errors => Object.fromEntries(Object.entries(validateEvent(v)).map(([k, p]) => [k, ruleMessage(p)]));

  const change = (patch: Partial<EventFormValues>) => {
    const next = lookups.loading ? { ...values, ...patch } : applyEventDependencies({ ...values, ...patch }, lookups);
    setValues(next);
    if (submitted) setErrors(localErrors(next));
  };

  const submit = () => {
    setSubmitted(true);
    setFormError(undefined);
    const local = localErrors(values);
    setErrors(local);
    if (Object.keys(local).length) return;
    const draft = eventDraft(values);
    const done = (saved: ActivityEvent | undefined) => {
      if (!saved) return;
      toast.success(event ? t.eventUpdated : t.eventCreated);
      onSaved(saved);
    };
    if (event) update.mutate({ id: event.id, event: draft }, { onSuccess: (r) => done(r.event), onError: onFailure });
    else create.mutate({ event: draft }, { onSuccess: (r) => done(r.event), onError: onFailure });
  };

  return (
    <Form label={label ?? (event ? f.editEventTitle : f.createEventTitle)} onSubmit={submit}>
      <ApplicationField value={values.applicationId} applications={lookups.applications} locked={locks.application} onChange={(applicationId) => change({ applicationId })} error={errors.applicationId} />
      <TextField
        select
        required
        label={f.subject}
        value={values.subject === EventSubject.UNSPECIFIED ? "" : values.subject}
        onChange={(e) => change({ subject: Number(e.target.value) as EventSubject })}
        error={Boolean(errors.subject)}
        helperText={errors.subject}
      >
        {eventSubjectsFor(values.applicationId).map((s) => (
          <MenuItem key={s} value={s}>
            {eventSubjectLabels[s as Exclude<EventSubject, EventSubject.UNSPECIFIED>]}
          </MenuItem>
        ))}
      </TextField>
      <Grid>
        <ContactField value={values.contactId} contacts={contacts} locked={locks.contact} onChange={(contactId) => change({ contactId })} error={errors.contactId} />
        <MediaField value={values.mediaType} options={eventMediaTypesFor(contact)} onChange={(mediaType) => change({ mediaType })} error={errors.mediaType} />
      </Grid>
      {(values.mediaType === MediaType.UNSPECIFIED || needsMediaDetails(values.mediaType)) && (
        <TextField required label={f.mediaDetails} value={values.mediaDetails} onChange={(e) => change({ mediaDetails: e.target.value })} error={Boolean(errors.mediaDetails)} helperText={errors.mediaDetails} slotProps={{ htmlInput: { maxLength: 500 } }} />
      )}
      <Grid>
        <DayField label={f.date} required name="date" value={values.date} onChange={(date) => change({ date })} error={Boolean(errors.date)} helperText={errors.date} />
        <TimeField label={f.time} required value={values.time} onChange={(time) => change({ time })} error={Boolean(errors.time)} helperText={errors.time} />
      </Grid>
      <TextField label={f.comments} multiline minRows={2} maxRows={8} value={values.comments} onChange={(e) => change({ comments: e.target.value })} />
      <ResourcesField value={values.resources} onChange={(resources) => change({ resources })} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources}</Alert>}
      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={saving} sx={{ borderColor: "divider" }}>
          {f.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {event ? f.update : f.create}
        </Button>
      </Actions>
    </Form>
  );
}
