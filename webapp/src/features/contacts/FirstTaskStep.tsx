// Step 2 of the contact modal: the first task offered when the contact becomes reachable,
// saved in the same call as the contact.
import { startOfToday } from "date-fns";
import type { useForm } from "react-hook-form";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { DayField } from "../../components/DayField";
import { mediaTypeLabels, taskPriorityLabels, taskSubjectLabels } from "../../lib/messages/activity";
import { networkMessages } from "../../lib/messages/network";
import { useOpensAtTop } from "../../lib/scroll";
import { ruleMessage } from "../../components/activity/fields";
import { deadlineProblem } from "../../components/activity/taskForm";
import { CONTACT_TASK_SUBJECTS, type FirstTaskValues } from "./firstTask";
import { FormActions, bind } from "../../components/form/layout";
import { StepLine } from "./formLayout";

const f = networkMessages.form;
const ft = networkMessages.firstTask;

export function FirstTaskStep({
  name,
  form,
  mediaTypes,
  editing,
  saving,
  error,
  onBack,
  onSkip,
  onSubmit,
}: {
  name: string;
  form: ReturnType<typeof useForm<FirstTaskValues>>;
  mediaTypes: MediaType[];
  editing: boolean;
  saving: boolean;
  error: string | undefined;
  onBack: () => void;
  onSkip: () => void;
  onSubmit: () => void;
}) {
  const { register, watch, setValue, formState } = form;
  // Step 1 was scrolled down to its buttons: step 2 opens at its top.
  const top = useOpensAtTop<HTMLFormElement>();
  // Registered for its rule; DayField shows it and sets it.
  register("deadline", {
    validate: (v) => {
      const problem = deadlineProblem(v);
      return ruleMessage(problem) ?? true;
    },
  });
  return (
    <Box ref={top} component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }} aria-label={f.stepTask}>
      <StepLine step={2} label={f.stepTask} />
      <Typography color="text.secondary">{ft.intro(name)}</Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
          <TextField select label={ft.subject} required value={watch("subject")} onChange={(e) => setValue("subject", Number(e.target.value) as TaskSubject)}>
            {CONTACT_TASK_SUBJECTS.map((s) => (
              <MenuItem key={s} value={s}>
                {taskSubjectLabels[s as Exclude<TaskSubject, TaskSubject.UNSPECIFIED>]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField select label={ft.mediaType} required value={watch("mediaType")} onChange={(e) => setValue("mediaType", Number(e.target.value) as MediaType)}>
          {mediaTypes.map((mt) => (
            <MenuItem key={mt} value={mt}>
              {mediaTypeLabels[mt as Exclude<MediaType, MediaType.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={ft.priority} required value={watch("priority")} onChange={(e) => setValue("priority", Number(e.target.value) as TaskPriority)}>
          {[TaskPriority.NORMAL, TaskPriority.HIGH, TaskPriority.URGENT].map((p) => (
            <MenuItem key={p} value={p}>
              {taskPriorityLabels[p as Exclude<TaskPriority, TaskPriority.UNSPECIFIED>]}
            </MenuItem>
          ))}
        </TextField>
        <DayField
          label={ft.deadline}
          required
          name="deadline"
          value={watch("deadline")}
          onChange={(v) => setValue("deadline", v, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
          minDate={startOfToday()}
          error={Boolean(formState.errors.deadline)}
          helperText={formState.errors.deadline?.message}
        />
        <Box sx={{ display: { xs: "none", sm: "block" } }} />
        <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
          <TextField label={ft.comments} multiline minRows={2} maxRows={6} {...bind(register("comments"))} />
        </Box>
      </Box>
      <FormActions error={error} saving={saving} onCancel={onSkip} cancelLabel={ft.skip} submitLabel={editing ? ft.updateWithTask : ft.createWithTask}>
        <Button color="inherit" onClick={onBack} disabled={saving} sx={{ mr: { sm: "auto" } }}>
          {ft.back}
        </Button>
      </FormActions>
    </Box>
  );
}
