// Two switches of the candidate: the morning e-mail of the day's tasks (a candidate's only;
// premium to turn on; a non-subscriber is sent to the subscription page) and, for a candidate of an agency, the
// consent to share their progress with it (the coach view), explained in plain words.
import { useId } from "react";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { Role, type User } from "../../gen/tremplin/common/v1/common_pb";
import { PremiumBadge } from "../../components/PremiumBadge";
import { useToast } from "../../components/Toasts";
import { profileMessages } from "../../lib/messages/profile";
import { usePremiumGate } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";
import { Section } from "./Section";
import { useUpdateProfile, type ProfileChange } from "./useUpdateProfile";

function useToggle(errorMessage: string) {
  const toast = useToast();
  const { save, pending } = useUpdateProfile();
  const toggle = async (change: ProfileChange, done: string) => {
    try {
      await save(change);
      toast.success(done);
    } catch (err) {
      if (!handledByApp(err)) toast.error(errorMessage);
    }
  };
  return { toggle, pending };
}

export function NotificationsSection({ user }: { user: User }) {
  const m = profileMessages.notifications;
  const gate = usePremiumGate();
  const { toggle, pending } = useToggle(m.error);
  const helpId = useId();
  // The morning e-mail lists a candidate's tasks: staff have none, and the server refuses it.
  if (user.role !== Role.CANDIDATE) return null;
  return (
    <Section id="notifications" title={m.title}>
      <FormControlLabel
        control={
          <Switch
            checked={user.taskNotifications}
            disabled={pending}
            slotProps={{ input: { "aria-describedby": helpId } }}
            onChange={(_, on) => {
              // Turning them off is always allowed; turning them on is premium.
              if (on && !gate.allow()) return;
              void toggle({ taskNotifications: on }, on ? m.on : m.off);
            }}
          />
        }
        label={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            {m.taskNotifications}
            {!gate.premium && <PremiumBadge />}
          </Box>
        }
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {m.taskNotificationsHelp}
      </Typography>
    </Section>
  );
}

export function ConsentSection({ user }: { user: User }) {
  const m = profileMessages.consent;
  const { toggle, pending } = useToggle(m.error);
  const explanationId = useId();
  return (
    <Section id="agency-consent" title={m.title}>
      <Box id={explanationId} sx={{ color: "text.secondary", "& p": { m: 0 }, display: "grid", gap: 1, mb: 2 }}>
        <p>{m.intro(user.agency?.name ?? "")}</p>
        <p>{m.sees}</p>
        <Box component="ul" sx={{ m: 0, pl: 3, display: "grid", gap: 0.5 }}>
          {m.seesItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
        <Typography sx={{ fontWeight: 600, color: "text.primary" }}>{m.never}</Typography>
        <p>{m.revocable}</p>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={user.shareProgressWithAgency}
            disabled={pending}
            slotProps={{ input: { "aria-describedby": explanationId } }}
            onChange={(_, on) => void toggle({ shareProgressWithAgency: on }, on ? m.on : m.off)}
          />
        }
        label={m.toggle}
      />
    </Section>
  );
}
