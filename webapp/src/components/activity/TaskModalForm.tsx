// The task modal's body (spec section 2 "Modals", 4 "Form dependencies", 5): every dependency
// applies as a value changes (taskForm.ts), the local rules show under their fields on submit,
// and the server's refusals land on the fields they name.
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { startOfToday } from "date-fns";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ActivityService, TaskPriority, TaskSubject, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { DayField } from "../DayField";
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { taskPriorityLabels, taskSubjectLabels } from "../../lib/messages/activity";
import { activityMessages } from "../../lib/messages/activities";
import { Grid, bind } from "../form/layout";
import { modalRules } from "./fields";
import { focusRef } from "./formBinding";
import { FormBox } from "./FormBox";
import { ApplicationField, ContactField, FieldBox, FormEnd, MediaField, SubjectField } from "./formParts";
import { applyTaskDependencies, emptyTask, preselectContact, taskDraft, validateTask, type TaskFormValues } from "./taskForm";
import { isContactSubject, taskMediaTypesFor, taskSubjectsFor } from "./subjects";
import { useActivityModalForm, type ActivityModalProps } from "./useActivityModalForm";

const f = activityMessages.form;
const t = activityMessages.toasts;

const { violations: VIOLATIONS, rule } = modalRules(emptyTask(), validateTask);

export function TaskForm({
  task,
  initial,
  locks = {},
  intro,
  notice,
  cancelLabel = f.cancel,
  close,
  onSaved,
}: ActivityModalProps<TaskFormValues, Task> & {
  /** The task to edit; absent to create one. */
  task?: Task;
  intro?: string;
  notice?: ReactNode;
  cancelLabel?: string;
}) {
  const { form, lookups, values, errors, change, submit, contact, contacts, end } = useActivityModalForm({
    initial,
    id: task?.id,
    calls: { create: ActivityService.method.createTask, update: ActivityService.method.updateTask, request: (v) => ({ task: taskDraft(v) }), saved: (r) => r.task },
    dependencies: (values, lookups, patch) => {
      const next = applyTaskDependencies(values, lookups);
      return "applicationId" in patch ? preselectContact(next, lookups) : next;
    },
    violations: VIOLATIONS,
    pastDateField: "deadline",
    toasts: { created: t.taskCreated, updated: t.taskUpdated, createError: t.taskCreateError, updateError: t.taskUpdateError },
    close,
    onSaved,
  });
  const { register, getValues, setValue } = form;
  // Registered in reading order, each with its rule: an empty submit focuses the first in error.
  // The text fields are react-hook-form's own; a change to any field applies the dependencies.
  const field = {
    applicationId: register("applicationId"),
    subject: register("subject", rule("subject")),
    customSubject: register("customSubject", { ...rule("customSubject"), onChange: () => change({}) }),
    contactId: register("contactId", rule("contactId")),
    mediaType: register("mediaType", rule("mediaType")),
    deadline: register("deadline", rule("deadline")),
    priority: register("priority", rule("priority")),
    comments: register("comments", { onChange: () => change({}) }),
  };
  register("resources");

  // Once the lists are known, an opportunity given with a single contact brings that contact
  // (not a change of the user's: Escape still closes at once).
  const [baseline, setBaseline] = useState(initial);
  const preselected = useRef(false);
  useLayoutEffect(() => {
    if (lookups.loading || preselected.current) return;
    preselected.current = true;
    if (task) return;
    const chosen = preselectContact(getValues(), lookups);
    setValue("contactId", chosen.contactId);
    setBaseline(chosen);
  }, [lookups, task, getValues, setValue]);
  useUnsavedChanges(!sameValues(values, baseline));

  const withContact = values.subject === TaskSubject.UNSPECIFIED || isContactSubject(values.subject);

  return (
    <FormBox label={task ? f.editTaskTitle : f.createTaskTitle} onSubmit={submit}>
      {notice}
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      <ApplicationField value={values.applicationId} applications={lookups.applications} locked={locks.application} onChange={(applicationId) => change({ applicationId })} error={errors.applicationId?.message} fieldRef={focusRef(field.applicationId.ref)} />
      <SubjectField value={values.subject} subjects={taskSubjectsFor(values.applicationId)} labels={taskSubjectLabels} onChange={(subject) => change({ subject })} error={errors.subject?.message} fieldRef={focusRef(field.subject.ref)} />
      {values.subject === TaskSubject.OTHER && (
        <TextField required label={f.customSubject} {...bind(field.customSubject)} error={Boolean(errors.customSubject)} helperText={errors.customSubject?.message} slotProps={{ htmlInput: { maxLength: 200 } }} />
      )}
      {withContact ? (
        <Grid>
          <ContactField value={values.contactId} contacts={contacts} locked={locks.contact} failed={lookups.contactsFailed} required={values.subject !== TaskSubject.UNSPECIFIED} onChange={(contactId) => change({ contactId })} error={errors.contactId?.message} fieldRef={focusRef(field.contactId.ref)} />
          <MediaField value={values.mediaType} options={taskMediaTypesFor(contact)} disabled={!contact} helper={contact ? undefined : f.mediaTypeFirst} onChange={(mediaType) => change({ mediaType })} error={errors.mediaType?.message} fieldRef={focusRef(field.mediaType.ref)} />
        </Grid>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {f.contactHidden}
        </Typography>
      )}
      <Grid>
        <FieldBox fieldRef={focusRef(field.deadline.ref)}>
          <DayField label={f.deadline} required name="deadline" value={values.deadline} minDate={startOfToday()} onChange={(deadline) => change({ deadline })} error={Boolean(errors.deadline)} helperText={errors.deadline?.message} />
        </FieldBox>
        <TextField ref={focusRef(field.priority.ref)} select required label={f.priority} value={values.priority} onChange={(e) => change({ priority: Number(e.target.value) as TaskPriority })} error={Boolean(errors.priority)} helperText={errors.priority?.message}>
          {[TaskPriority.NORMAL, TaskPriority.HIGH, TaskPriority.URGENT].map((p) => (
            <MenuItem key={p} value={p}>
              {taskPriorityLabels[p as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <FormEnd {...end} comments={field.comments} cancelLabel={cancelLabel} saveLabel={task ? f.update : f.create} />
    </FormBox>
  );
}
