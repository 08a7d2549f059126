// The event modal's body (spec section 2 "Modals", 4 "Form dependencies", 5): every dependency
// applies as a value changes (eventForm.ts), the local rules show under their fields on submit,
// and the server's refusals land on the fields they name.
import TextField from "@mui/material/TextField";
import { ActivityService, MediaType, type Event as ActivityEvent } from "../../gen/tremplin/activity/v1/activity_pb";
import { DayField } from "../DayField";
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { eventSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { Grid, bind } from "../form/layout";
import { applyEventDependencies, emptyEvent, eventDraft, validateEvent, type EventFormValues } from "./eventForm";
import { modalRules } from "./fields";
import { focusRef } from "./formBinding";
import { FormBox } from "./FormBox";
import { ApplicationField, ContactField, FieldBox, FormEnd, MediaField, SubjectField } from "./formParts";
import { eventMediaTypesFor, eventSubjectsFor, needsMediaDetails } from "./subjects";
import { TimeField } from "./TimeField";
import { useActivityModalForm, type ActivityModalProps } from "./useActivityModalForm";

const f = activityMessages.form;
const t = activityMessages.toasts;

const { violations: VIOLATIONS, rule } = modalRules(emptyEvent(), validateEvent);

export function EventForm({
  event,
  initial,
  label,
  locks = {},
  close,
  onSaved,
}: ActivityModalProps<EventFormValues, ActivityEvent> & {
  event?: ActivityEvent;
  /** The form's accessible name when not the default one (« Nouvel entretien »). */
  label?: string;
}) {
  const { form, lookups, values, errors, change, submit, contact, contacts, end } = useActivityModalForm({
    initial,
    id: event?.id,
    calls: { create: ActivityService.method.createEvent, update: ActivityService.method.updateEvent, request: (v) => ({ event: eventDraft(v) }), saved: (r) => r.event },
    dependencies: applyEventDependencies,
    violations: VIOLATIONS,
    pastDateField: "date",
    toasts: { created: t.eventCreated, updated: t.eventUpdated, createError: t.eventCreateError, updateError: t.eventUpdateError },
    close,
    onSaved,
  });
  const { register } = form;
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
  useUnsavedChanges(!sameValues(values, initial));

  return (
    <FormBox label={label ?? (event ? f.editEventTitle : f.createEventTitle)} onSubmit={submit}>
      <ApplicationField value={values.applicationId} applications={lookups.applications} locked={locks.application} onChange={(applicationId) => change({ applicationId })} error={errors.applicationId?.message} fieldRef={focusRef(field.applicationId.ref)} />
      <SubjectField value={values.subject} subjects={eventSubjectsFor(values.applicationId)} labels={eventSubjectLabels} onChange={(subject) => change({ subject })} error={errors.subject?.message} fieldRef={focusRef(field.subject.ref)} />
      <Grid>
        <ContactField value={values.contactId} contacts={contacts} locked={locks.contact} failed={lookups.contactsFailed} onChange={(contactId) => change({ contactId })} error={errors.contactId?.message} fieldRef={focusRef(field.contactId.ref)} />
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
      <FormEnd {...end} comments={field.comments} cancelLabel={f.cancel} saveLabel={event ? f.update : f.create} />
    </FormBox>
  );
}
