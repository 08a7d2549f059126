// The application-report modal's body (spec section 2 "Modals", 5): the outcome, lost or win
// (required), and a comment; saved through MarkApplicationAsComplete. Win and lost are final.
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import EmojiEventsRounded from "@mui/icons-material/EmojiEventsRounded";
import DoNotDisturbOnRounded from "@mui/icons-material/DoNotDisturbOnRounded";
import { ApplicationStatus, OpportunityService, type Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { FormActions, bind } from "../../../components/form/layout";
import { useToast } from "../../../components/Toasts";
import { errorReason, isNotFound } from "../../../lib/errors";
import { messages } from "../../../lib/messages";
import { applicationMessages } from "../../../lib/messages/applications";
import { handledByApp } from "../../../lib/queryClient";
import { brand } from "../../../lib/theme";
import { useRefreshApplications } from "../../../lib/refresh";

const r = applicationMessages.report;
const t = applicationMessages.toasts;

export type Outcome = ApplicationStatus.LOST | ApplicationStatus.WIN;

type ReportValues = { outcome: Outcome | 0; comment: string };

export function ApplicationReportForm({
  application,
  outcome,
  close,
  onSaved,
}: {
  application: Pick<Application, "id" | "company" | "job">;
  outcome?: Outcome;
  close: () => void;
  onSaved: (a: Application | undefined) => void;
}) {
  const toast = useToast();
  const refresh = useRefreshApplications();
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, watch, setValue, formState } = useForm<ReportValues>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { outcome: outcome ?? 0, comment: "" },
  });
  register("outcome", { validate: (v) => (v === ApplicationStatus.LOST || v === ApplicationStatus.WIN ? true : messages.validation.required) });
  const value = watch("outcome");
  const complete = useMutation(OpportunityService.method.markApplicationAsComplete, { meta: { handlesErrors: true } });

  // The application was closed or deleted meanwhile: the report has nothing left to close.
  const endWith = (message: string) => {
    toast.error(message);
    void refresh();
    close();
  };

  const submit = handleSubmit((v) => {
    setFormError(undefined);
    complete.mutate(
      { id: application.id, status: v.outcome as Outcome, comment: v.comment.trim() },
      {
        onSuccess: (res) => {
          toast.success(t.completed);
          void refresh();
          onSaved(res.application);
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          if (errorReason(err) === "APPLICATION_CLOSED") endWith(t.closed);
          else if (isNotFound(err)) endWith(t.gone);
          else setFormError(t.completeError);
        },
      },
    );
  });

  const option = (status: Outcome, label: string, hint: string, icon: ReactNode, tone: string) => {
    const checked = value === status;
    return (
      <Box
        component="label"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.25,
          p: 1.5,
          pr: 2,
          borderRadius: "12px",
          cursor: "pointer",
          border: `1.5px solid ${checked ? tone : brand.border}`,
          bgcolor: checked ? `${tone}14` : "background.paper",
          transition: "border-color 120ms, background-color 120ms",
          "&:focus-within": { outline: `2px solid ${tone}`, outlineOffset: 2 },
        }}
      >
        <Radio value={status} sx={{ p: 0.5 }} />
        <Box sx={{ color: tone, display: "flex" }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
      </Box>
    );
  };

  const outcomeError = formState.errors.outcome?.message;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={r.title} sx={{ display: "flex", flexDirection: "column", gap: 2.25, pt: 0.5 }}>
      <Box>
        <Typography sx={{ fontWeight: 700 }}>{application.company}</Typography>
        <Typography variant="body2" color="text.secondary">
          {application.job}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {r.intro}
      </Typography>
      <FormControl error={Boolean(outcomeError)} required>
        <FormLabel id="application-outcome" sx={{ mb: 1, fontWeight: 600, color: "text.primary" }}>
          {r.outcome}
        </FormLabel>
        <RadioGroup
          aria-labelledby="application-outcome"
          name="outcome"
          value={value || ""}
          onChange={(e) => setValue("outcome", Number(e.target.value) as Outcome, { shouldValidate: formState.isSubmitted })}
          sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.25 }}
        >
          {option(ApplicationStatus.WIN, r.win, r.winHint, <EmojiEventsRounded />, "#15803D")}
          {option(ApplicationStatus.LOST, r.lost, r.lostHint, <DoNotDisturbOnRounded />, "#B91C1C")}
        </RadioGroup>
        {outcomeError && <FormHelperText>{outcomeError}</FormHelperText>}
      </FormControl>
      <TextField
        label={r.comment}
        helperText={r.commentHelp}
        multiline
        minRows={3}
        maxRows={10}
        {...bind(register("comment"))}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <FormActions error={formError} saving={complete.isPending} onCancel={close} cancelLabel={r.cancel} submitLabel={r.submit} />
    </Box>
  );
}
