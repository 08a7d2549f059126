// The dashboard thresholds of a candidate (anchor #dashboardTresholds, where the dashboard's
// button leads): checked as they are typed; changing them is premium.
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router";
import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { LoadError } from "../../components/LoadError";
import { PremiumBadge } from "../../components/PremiumBadge";
import { useToast } from "../../components/Toasts";
import { GAUGE_KEYS } from "../../lib/gauges";
import { dashboardMessages } from "../../lib/messages/dashboard";
import { profileMessages } from "../../lib/messages/profile";
import { SUBSCRIPTION_PATH, usePremiumGate } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";
import { THRESHOLDS_ID } from "../../lib/routes";
import { Section } from "./Section";
import { LEVELS, fieldName, gaugeError, hasErrors, settingOf, valuesOf, type ThresholdValues } from "./thresholds";
import { Loading } from "../../components/Loading";

const m = profileMessages.thresholds;

const LEVEL_LABELS = { Low: m.low, Medium: m.medium, High: m.high } as const;

export function ThresholdsSection() {
  const gate = usePremiumGate();
  const toast = useToast();
  const queryClient = useQueryClient();
  // A failure is this section's to show (LoadError), not an endless skeleton.
  const setting = useQuery(ActivityService.method.getDashboardSetting, {}, { meta: { handlesErrors: true } });
  const update = useMutation(ActivityService.method.updateDashboardSetting, { meta: { handlesErrors: true } });
  const [values, setValues] = useState<ThresholdValues | undefined>(undefined);

  // The form starts from the saved setting, and again after each save.
  const saved = setting.data?.dashboardSetting;
  useEffect(() => {
    if (saved) setValues(valuesOf(saved));
  }, [saved]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values || hasErrors(values) || !gate.allow()) return;
    update.mutate(
      { dashboardSetting: settingOf(values) },
      {
        onSuccess: (res) => {
          if (res.dashboardSetting) setValues(valuesOf(res.dashboardSetting));
          // The saved setting, and the dashboard's bands, are read again.
          void queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: ActivityService.method.getDashboardSetting, cardinality: undefined }) });
          void queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: ActivityService.method.getDashboard, cardinality: undefined }) });
          toast.success(m.saved);
        },
        onError: (err) => {
          if (!handledByApp(err)) toast.error(m.error);
        },
      },
    );
  };

  return (
    <Section id={THRESHOLDS_ID} title={m.title} action={gate.premium ? undefined : <PremiumBadge />}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {m.intro}
      </Typography>
      {!gate.premium && (
        <Alert severity="info" sx={{ mb: 2, "& .MuiAlert-message": { overflow: "visible" } }}>
          {m.premium}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="contained" color="secondary" size="small">
              {m.subscribe}
            </Button>
          </Box>
        </Alert>
      )}
      {setting.isError && !setting.data ? (
        <LoadError what={m.load} onRetry={() => void setting.refetch()} retrying={setting.isFetching} />
      ) : !values ? (
        <Loading>
          <Skeleton variant="rounded" height={220} />
        </Loading>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {GAUGE_KEYS.map((key) => {
              const error = gaugeError(values, key);
              const errorId = `${key}-thresholds-error`;
              return (
                <Box
                  component="fieldset"
                  key={key}
                  data-testid={`thresholds-${key}`}
                  aria-describedby={error ? errorId : undefined}
                  // The title inside the box (a floated legend is not drawn in the border): a
                  // title on two lines would otherwise sit across it. The fields at the bottom,
                  // level with those of the box beside whose title takes one line.
                  sx={{ border: 1, borderColor: error ? "error.main" : "divider", borderRadius: 3, p: 2, m: 0, minWidth: 0, display: "flex", flexDirection: "column" }}
                >
                  <Typography component="legend" sx={{ float: "left", width: "100%", fontWeight: 650, p: 0, mb: 1.5 }}>
                    {dashboardMessages.gauges[key]}
                  </Typography>
                  <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 1.5, mt: "auto" }}>
                    {LEVELS.map((level) => {
                      const name = fieldName(key, level);
                      return (
                        <TextField
                          key={level}
                          label={LEVEL_LABELS[level]}
                          value={values[name]}
                          disabled={!gate.premium}
                          error={Boolean(error)}
                          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                          slotProps={{
                            htmlInput: {
                              inputMode: "numeric",
                              min: 0,
                              max: 30,
                              type: "number",
                              "aria-label": `${dashboardMessages.gauges[key]}, seuil ${LEVEL_LABELS[level].toLowerCase()}`,
                            },
                          }}
                        />
                      );
                    })}
                  </Box>
                  {error && (
                    <Typography id={errorId} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                      {error}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
          {gate.premium && (
            <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
              <Button type="submit" variant="contained" disabled={update.isPending || hasErrors(values)} sx={{ width: { xs: "100%", sm: "auto" } }}>
                {m.save}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Section>
  );
}
