// The event modal's body (spec section 2 "Modals", 4 "Form dependencies", 5): every dependency
// applies as a value changes (eventForm.ts), the local rules show under their fields on submit,
// and the server's refusals land on the fields they name.
import { useMemo } from "react";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import TextField from "@mui/material/TextField";
import { ActivityService, MediaType, type Event as ActivityEvent } from "../../gen/tremplin/activity/v1/activity_pb";
import { DayField } from "../DayField";
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { eventSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { Grid, bind } from "../form/layout";
import { applyEventDependencies, emptyEvent, eventDraft, validateEvent, type EventFormValues } from "./eventForm";
import { activityViolations, ruleOf } from "./fields";
import { changeValues, focusRef } from "./formBinding";
import { FormBox } from "./FormBox";
import { ApplicationField, ContactField, FieldBox, FormEnd, MediaField, SubjectField, type Locks } from "./formParts";
import { useActivityLookups } from "./lookups";
import { contactsFor, eventMediaTypesFor, eventSubjectsFor, needsMediaDetails } from "./subjects";
import { TimeField } from "./TimeField";
import { useActivitySave } from "./useSaveFailure";

const f = activityMessages.form;
const t = activityMessages.toasts;

const VIOLATIONS = activityViolations(Object.keys(emptyEvent()) as (keyof EventFormValues)[]);
const rule = (name: keyof EventFormValues) => ruleOf(validateEvent, name);

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
  const form = useForm<EventFormValues>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: initial });
  const { register, watch, getValues, formState } = form;
  const create = useMutation(ActivityService.method.createEvent, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateEvent, { meta: { handlesErrors: true } });
  const saving = create.isPending || update.isPending;
  const { formError, submit } = useActivitySave<EventFormValues, ActivityEvent>(form, {
    violations: VIOLATIONS,
    pastDateField: "date",
    fallback: event ? t.eventUpdateError : t.eventCreateError,
    close,
    savedToast: event ? t.eventUpdated : t.eventCreated,
    onSaved,
    send: (v, done, onError) => {
      const draft = eventDraft(v);
      if (event) update.mutate({ id: event.id, event: draft }, { onSuccess: (r) => done(r.event), onError });
      else create.mutate({ event: draft }, { onSuccess: (r) => done(r.event), onError });
    },
  });

  const change = (patch: Partial<EventFormValues>) => {
    const values = { ...getValues(), ...patch };
    // While the lists load, a prefilled contact or application is kept as given.
    changeValues(form, lookups.loading ? values : applyEventDependencies(values, lookups));
  };
  // Registered in reading order, each with its rule: an empty submit focuses the first in error.
  // The text fields are react-hook-form's own; a change to any field applies the dependencies.
  const field = {
    applicationId: register("applicationId"),
    subject: register("subject", rule("subject")),
    contactId: register("contactId"),
    mediaType: register("mediaType", rule("mediaType")),
    mediaDetails: register("mediaDetails", { ...rule("mediaDetails"), onChange: () => change({}) }),
    date: register("date", rule("date")),
    time: register("time", rule("time")),
    comments: register("comments", { onChange: () => change({}) }),
  };
  register("resources");
  const values = watch();
  const errors = formState.errors;
  useUnsavedChanges(!sameValues(values, initial));

  const application = lookups.applications.find((a) => a.id === values.applicationId);
  const contacts = useMemo(() => contactsFor(lookups.contacts, application), [lookups.contacts, application]);
  const contact = lookups.contacts.find((c) => c.id === values.contactId);

  return (
    <FormBox label={label ?? (event ? f.editEventTitle : f.createEventTitle)} onSubmit={submit}>
      <ApplicationField value={values.applicationId} applications={lookups.applications} locked={locks.application} onChange={(applicationId) => change({ applicationId })} error={errors.applicationId?.message} fieldRef={focusRef(field.applicationId.ref)} />
      <SubjectField value={values.subject} subjects={eventSubjectsFor(values.applicationId)} labels={eventSubjectLabels} onChange={(subject) => change({ subject })} error={errors.subject?.message} fieldRef={focusRef(field.subject.ref)} />
      <Grid>
        <ContactField value={values.contactId} contacts={contacts} locked={locks.contact} onChange={(contactId) => change({ contactId })} error={errors.contactId?.message} fieldRef={focusRef(field.contactId.ref)} />
        <MediaField value={values.mediaType} options={eventMediaTypesFor(contact)} onChange={(mediaType) => change({ mediaType })} error={errors.mediaType?.message} fieldRef={focusRef(field.mediaType.ref)} />
      </Grid>
      {(values.mediaType === MediaType.UNSPECIFIED || needsMediaDetails(values.mediaType)) && (
        <TextField required label={f.mediaDetails} {...bind(field.mediaDetails)} error={Boolean(errors.mediaDetails)} helperText={errors.mediaDetails?.message} slotProps={{ htmlInput: { maxLength: 500 } }} />
      )}
      <Grid>
        <FieldBox fieldRef={focusRef(field.date.ref)}>
          <DayField label={f.date} required name="date" value={values.date} onChange={(date) => change({ date })} error={Boolean(errors.date)} helperText={errors.date?.message} />
        </FieldBox>
        <FieldBox fieldRef={focusRef(field.time.ref)}>
          <TimeField label={f.time} required value={values.time} onChange={(time) => change({ time })} error={Boolean(errors.time)} helperText={errors.time?.message} />
        </FieldBox>
      </Grid>
      <FormEnd
        comments={field.comments}
        commentsError={errors.comments?.message}
        resources={values.resources}
        onResources={(resources) => change({ resources })}
        error={formError ?? errors.resources?.message}
        cancelLabel={f.cancel}
        saveLabel={event ? f.update : f.create}
        saving={saving}
        close={close}
      />
    </FormBox>
  );
}
