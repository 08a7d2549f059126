// The activity-report modal (mood for events, comment, links) and the additional-information
// modal (comment and links). Adding a report completes the activity; updating one keeps it.
import { useState, type FormEvent } from "react";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  ActivityService,
  ActivityStatus,
  ActivityType,
  Mood,
  type Activity,
  type Task,
} from "../../gen/tremplin/activity/v1/activity_pb";
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { useToast } from "../Toasts";
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { ResourcesField } from "../resources/ResourcesField";
import { keptResources, type ResourceValue } from "../resources/model";
import { FormActions, bind } from "../form/layout";
import { activityViolations } from "./fields";
import { focusRef } from "./formBinding";
import { FormBox } from "./FormBox";
import { useSaveFailure } from "./useSaveFailure";

const r = activityMessages.report;
const f = activityMessages.form;
const t = activityMessages.toasts;

export type Reportable = {
  kind: ActivityType;
  id: string;
  status: ActivityStatus;
  mood?: Mood;
  comment: string;
  resources: ResourceValue[];
};

type ReportValues = { mood: Mood; comment: string; resources: ResourceValue[] };
type AdditionalValues = { comments: string; resources: ResourceValue[] };

// The report's comment is the request's mark_as_complete_comment.
const REPORT_VIOLATIONS = activityViolations<keyof ReportValues>(["mood", "comment", "resources"], { markAsCompleteComment: "comment" });
const ADDITIONAL_VIOLATIONS = activityViolations<keyof AdditionalValues>(["comments", "resources"]);

export function ReportForm({
  activity,
  intro,
  close,
  onAdded,
}: {
  activity: Reportable;
  intro?: string;
  close: () => void;
  /** After a report that completed the activity: the activity and the automatic tasks. */
  onAdded: (activity: Activity | undefined, automatic: Task[]) => void;
}) {
  const toast = useToast();
  const isEvent = activity.kind === ActivityType.EVENT;
  const completed = activity.status === ActivityStatus.COMPLETED;
  const [initial] = useState<ReportValues>(() => ({ mood: activity.mood ?? Mood.UNSPECIFIED, comment: activity.comment, resources: activity.resources }));
  const form = useForm<ReportValues>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: initial });
  const { register, watch, setValue, handleSubmit, formState } = form;
  const [formError, setFormError] = useState<string | undefined>();
  const add = useMutation(ActivityService.method.addReport, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateReport, { meta: { handlesErrors: true } });
  const saving = add.isPending || update.isPending;
  const onError = useSaveFailure(form, { violations: REPORT_VIOLATIONS, fallback: completed ? t.reportUpdateError : t.reportAddError, setFormError, close });

  // Registered in reading order. A missing mood sends the keyboard where the answer is missing:
  // the first mood.
  const mood = register("mood", { validate: (m) => (isEvent && m === Mood.UNSPECIFIED ? messages.validation.required : true) });
  const comment = register("comment");
  register("resources");
  const values = watch();
  const errors = formState.errors;
  useUnsavedChanges(!sameValues(values, initial));

  const save = handleSubmit((v) => {
    const input = {
      activityType: activity.kind,
      id: activity.id,
      mood: isEvent ? v.mood : Mood.UNSPECIFIED,
      markAsCompleteComment: v.comment,
      resources: keptResources(v.resources),
    };
    if (completed) {
      update.mutate(input, {
        onSuccess: () => {
          toast.success(t.reportUpdated);
          close();
        },
        onError,
      });
    } else {
      add.mutate(input, {
        onSuccess: (res) => {
          toast.success(t.reportAdded);
          onAdded(res.activity, res.automaticTasks);
        },
        onError,
      });
    }
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setFormError(undefined);
    void save(e);
  };

  return (
    <FormBox label={r.title} onSubmit={submit}>
      {(intro ?? (!completed ? r.intro : undefined)) && <Typography color="text.secondary">{intro ?? r.intro}</Typography>}
      {isEvent && (
        <FormControl required error={Boolean(errors.mood)}>
          <FormLabel id="report-mood">{r.mood}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="report-mood"
            ref={focusRef(mood.ref)}
            value={values.mood === Mood.UNSPECIFIED ? "" : String(values.mood)}
            onChange={(e) => setValue("mood", Number(e.target.value) as Mood, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            {[Mood.MISSED, Mood.POOR, Mood.SATISFYING, Mood.EXCELLENT].map((m) => (
              <FormControlLabel key={m} value={String(m)} control={<Radio />} label={activityMessages.moods[m]} />
            ))}
          </RadioGroup>
          {errors.mood && <FormHelperText>{errors.mood.message}</FormHelperText>}
        </FormControl>
      )}
      <TextField label={r.comment} multiline minRows={3} maxRows={10} {...bind(comment)} error={Boolean(errors.comment)} helperText={errors.comment?.message ?? r.commentHelp} />
      <ResourcesField value={values.resources} onChange={(next) => setValue("resources", next, { shouldDirty: true, shouldValidate: formState.isSubmitted })} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources?.message}</Alert>}
      <FormActions saving={saving} onCancel={close} cancelLabel={f.cancel} submitLabel={completed ? r.submitUpdate : r.submitAdd} />
    </FormBox>
  );
}

export function AdditionalInfoForm({
  kind,
  id,
  comments: initialComments,
  resources: initialResources,
  close,
}: {
  kind: ActivityType;
  id: string;
  comments: string;
  resources: ResourceValue[];
  close: () => void;
}) {
  const toast = useToast();
  const [initial] = useState<AdditionalValues>(() => ({ comments: initialComments, resources: initialResources }));
  const form = useForm<AdditionalValues>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: initial });
  const { register, watch, setValue, handleSubmit, formState } = form;
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation(ActivityService.method.updateAdditionalInformation, { meta: { handlesErrors: true } });
  const onError = useSaveFailure(form, { violations: ADDITIONAL_VIOLATIONS, fallback: t.additionalError, setFormError, close });

  const comments = register("comments");
  register("resources");
  const values = watch();
  const errors = formState.errors;
  useUnsavedChanges(!sameValues(values, initial));

  const send = handleSubmit((v) => {
    save.mutate(
      { activityType: kind, id, inputs: { comments: v.comments, resources: keptResources(v.resources) } },
      {
        onSuccess: () => {
          toast.success(t.additionalSaved);
          close();
        },
        onError,
      },
    );
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setFormError(undefined);
    void send(e);
  };

  return (
    <FormBox label={activityMessages.additional.title} onSubmit={submit}>
      <TextField label={activityMessages.additional.comments} multiline minRows={3} maxRows={10} {...bind(comments)} error={Boolean(errors.comments)} helperText={errors.comments?.message} />
      <ResourcesField value={values.resources} onChange={(next) => setValue("resources", next, { shouldDirty: true, shouldValidate: formState.isSubmitted })} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources?.message}</Alert>}
      <FormActions saving={save.isPending} onCancel={close} cancelLabel={f.cancel} submitLabel={activityMessages.additional.submit} />
    </FormBox>
  );
}
