// The activity-report modal (mood for events, comment, links) and the additional-information
// modal (comment and links). Adding a report completes the activity; updating one keeps it.
import { sameValues, useUnsavedChanges } from "../modalChanges";
import { useRef, useState } from "react";
import { useMutation } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
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
import { useToast } from "../Toasts";
import { isNotFound } from "../../lib/errors";
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { ResourcesField } from "../resources/ResourcesField";
import type { ResourceValue } from "../resources/model";
import { Actions } from "../form/layout";
import { serverFieldErrors } from "./fields";

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
  const [mood, setMood] = useState<Mood>(activity.mood ?? Mood.UNSPECIFIED);
  const [comment, setComment] = useState(activity.comment);
  const [resources, setResources] = useState(activity.resources);
  useUnsavedChanges(mood !== (activity.mood ?? Mood.UNSPECIFIED) || comment !== activity.comment || !sameValues(resources, activity.resources));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const moodGroup = useRef<HTMLDivElement>(null);
  const add = useMutation(ActivityService.method.addReport, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateReport, { meta: { handlesErrors: true } });
  const saving = add.isPending || update.isPending;

  const onError = (err: unknown) => {
    if (handledByApp(err)) return;
    const fields = serverFieldErrors(err);
    if (fields) return setErrors(fields);
    if (isNotFound(err)) {
      toast.error(t.gone);
      return close();
    }
    setFormError(completed ? t.reportUpdateError : t.reportAddError);
  };

  const submit = () => {
    setFormError(undefined);
    if (isEvent && mood === Mood.UNSPECIFIED) {
      setErrors({ mood: messages.validation.required });
      // The keyboard goes where the answer is missing: the first mood.
      moodGroup.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
      return;
    }
    setErrors({});
    const input = {
      activityType: activity.kind,
      id: activity.id,
      mood: isEvent ? mood : Mood.UNSPECIFIED,
      markAsCompleteComment: comment,
      resources: resources.map((x) => ({ label: x.label.trim(), url: x.url.trim() })).filter((x) => x.label && x.url),
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
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={r.title}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.25, pt: 1 }}
    >
      {(intro ?? (!completed ? r.intro : undefined)) && <Typography color="text.secondary">{intro ?? r.intro}</Typography>}
      {isEvent && (
        <FormControl required error={Boolean(errors.mood)}>
          <FormLabel id="report-mood">{r.mood}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="report-mood"
            ref={moodGroup}
            value={mood === Mood.UNSPECIFIED ? "" : String(mood)}
            onChange={(e) => {
              setMood(Number(e.target.value) as Mood);
              setErrors({});
            }}
          >
            {[Mood.MISSED, Mood.POOR, Mood.SATISFYING, Mood.EXCELLENT].map((m) => (
              <FormControlLabel key={m} value={String(m)} control={<Radio />} label={activityMessages.moods[m]} />
            ))}
          </RadioGroup>
          {errors.mood && <FormHelperText>{errors.mood}</FormHelperText>}
        </FormControl>
      )}
      <TextField label={r.comment} multiline minRows={3} maxRows={10} value={comment} onChange={(e) => setComment(e.target.value)} error={Boolean(errors.markAsCompleteComment)} helperText={errors.markAsCompleteComment ?? r.commentHelp} />
      <ResourcesField value={resources} onChange={setResources} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources}</Alert>}
      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={saving} sx={{ borderColor: "divider" }}>
          {f.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {completed ? r.submitUpdate : r.submitAdd}
        </Button>
      </Actions>
    </Box>
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
  const [comments, setComments] = useState(initialComments);
  const [resources, setResources] = useState(initialResources);
  useUnsavedChanges(comments !== initialComments || !sameValues(resources, initialResources));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation(ActivityService.method.updateAdditionalInformation, { meta: { handlesErrors: true } });

  const submit = () => {
    setFormError(undefined);
    save.mutate(
      { activityType: kind, id, inputs: { comments, resources: resources.map((x) => ({ label: x.label.trim(), url: x.url.trim() })).filter((x) => x.label && x.url) } },
      {
        onSuccess: () => {
          toast.success(t.additionalSaved);
          close();
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          const fields = serverFieldErrors(err);
          if (fields) return setErrors(fields);
          if (isNotFound(err)) {
            toast.error(t.gone);
            return close();
          }
          setFormError(t.additionalError);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={activityMessages.additional.title}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.25, pt: 1 }}
    >
      <TextField label={activityMessages.additional.comments} multiline minRows={3} maxRows={10} value={comments} onChange={(e) => setComments(e.target.value)} error={Boolean(errors.comments)} helperText={errors.comments} />
      <ResourcesField value={resources} onChange={setResources} texts={activityMessages.form} />
      {(formError || errors.resources) && <Alert severity="error">{formError ?? errors.resources}</Alert>}
      <Actions>
        <Button variant="outlined" color="inherit" onClick={close} disabled={save.isPending} sx={{ borderColor: "divider" }}>
          {f.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {activityMessages.additional.submit}
        </Button>
      </Actions>
    </Box>
  );
}
