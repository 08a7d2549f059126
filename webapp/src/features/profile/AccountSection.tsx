// Account information: e-mail (read-only), civility, names, job, phones and time zone. Only
// the fields changed are sent (UpdateProfile keeps what is left out).
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Civility, type User } from "../../gen/tremplin/common/v1/common_pb";
import { useToast } from "../../components/Toasts";
import { profileMessages } from "../../lib/messages/profile";
import { handledByApp } from "../../lib/queryClient";
import { normalizeLastName, phone } from "../../lib/validation";
import { useServerViolations } from "../../lib/useServerViolations";
import { Section } from "./Section";
import { zoneChoices, type ZoneChoice } from "./timeZones";
import { useUpdateProfile, type ProfileChange } from "./useUpdateProfile";

const m = profileMessages.account;

type Values = {
  civility: Civility;
  firstName: string;
  lastName: string;
  job: string;
  mobileNumber: string;
  phoneNumber: string;
  timeZone: string;
};

function valuesOf(user: User): Values {
  return {
    civility: user.civility,
    firstName: user.firstName,
    lastName: user.lastName,
    job: user.job,
    mobileNumber: user.mobileNumber,
    phoneNumber: user.phoneNumber,
    timeZone: user.timeZone || "Europe/Paris",
  };
}

// Searched by French label and by IANA id (« Europe/Paris » typed as such still finds it).
const filterZones = createFilterOptions<ZoneChoice>({ stringify: (z) => `${z.label} ${z.id.replace(/_/g, " ")}` });

const phoneField = (path: string) => (path === "mobile_number" ? "mobileNumber" : path === "phone_number" ? "phoneNumber" : undefined);

export function AccountSection({ user }: { user: User }) {
  const toast = useToast();
  const { save, pending } = useUpdateProfile();
  const defaults = useMemo(() => valuesOf(user), [user]);
  const form = useForm<Values>({ mode: "onTouched", values: defaults });
  const { register, handleSubmit, watch, setValue, reset, formState } = form;
  const placeViolations = useServerViolations(form, { field: phoneField });
  const zones = useMemo(() => zoneChoices(defaults.timeZone), [defaults.timeZone]);

  const submit = handleSubmit(async (values) => {
    const dirty = formState.dirtyFields;
    const change: ProfileChange = {};
    if (dirty.civility) change.civility = values.civility;
    if (dirty.firstName) change.firstName = values.firstName.trim();
    if (dirty.lastName) change.lastName = normalizeLastName(values.lastName).trim();
    if (dirty.job) change.job = values.job.trim();
    if (dirty.mobileNumber) change.mobileNumber = values.mobileNumber.trim();
    if (dirty.phoneNumber) change.phoneNumber = values.phoneNumber.trim();
    if (dirty.timeZone) change.timeZone = values.timeZone;
    if (Object.keys(change).length === 0) {
      toast.warning(m.nothingChanged);
      return;
    }
    try {
      const saved = await save(change);
      if (saved) reset(valuesOf(saved));
      toast.success(m.saved);
    } catch (err) {
      if (handledByApp(err)) return;
      // Only the phones have rules the form does not check first.
      const shown = placeViolations(err);
      if (!shown) toast.error(m.error);
    }
  });

  const lastName = register("lastName");
  const err = formState.errors;
  const civility = watch("civility");
  const timeZone = watch("timeZone");

  return (
    <Section id="account" title={m.title}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <TextField
          label={m.email}
          value={user.email}
          helperText={m.emailHelp}
          slotProps={{ htmlInput: { readOnly: true, "aria-readonly": true } }}
          sx={{ gridColumn: { sm: "span 2" } }}
        />
        <TextField
          select
          label={m.civility}
          value={civility}
          onChange={(e) => setValue("civility", Number(e.target.value) as Civility, { shouldDirty: true })}
        >
          <MenuItem value={Civility.UNSPECIFIED}>{m.civilities.unspecified}</MenuItem>
          <MenuItem value={Civility.FEMALE}>{m.civilities.female}</MenuItem>
          <MenuItem value={Civility.MALE}>{m.civilities.male}</MenuItem>
          <MenuItem value={Civility.OTHER}>{m.civilities.other}</MenuItem>
        </TextField>
        <TextField label={m.job} {...register("job")} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField label={m.firstName} autoComplete="given-name" {...register("firstName")} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField
          label={m.lastName}
          autoComplete="family-name"
          {...lastName}
          onChange={(e) => {
            e.target.value = normalizeLastName(e.target.value);
            return lastName.onChange(e);
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={m.mobile}
          type="tel"
          autoComplete="tel"
          {...register("mobileNumber", { validate: (v) => phone(v) })}
          error={Boolean(err.mobileNumber)}
          helperText={err.mobileNumber?.message}
        />
        <TextField
          label={m.phone}
          type="tel"
          {...register("phoneNumber", { validate: (v) => phone(v) })}
          error={Boolean(err.phoneNumber)}
          helperText={err.phoneNumber?.message}
        />
        <Autocomplete<ZoneChoice, false, true>
          options={zones}
          value={zones.find((z) => z.id === timeZone) ?? zones[0]}
          disableClearable
          getOptionLabel={(z) => z.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          groupBy={(z) => (z.likely ? m.likelyTimeZones : m.otherTimeZones)}
          filterOptions={filterZones}
          noOptionsText={m.noTimeZone}
          onChange={(_, zone) => setValue("timeZone", zone.id, { shouldDirty: true })}
          sx={{ gridColumn: { sm: "span 2" } }}
          renderInput={(params) => <TextField {...params} label={m.timeZone} helperText={m.timeZoneHelp} />}
        />
        <Box sx={{ gridColumn: { sm: "span 2" }, display: "flex", justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" disabled={pending} sx={{ width: { xs: "100%", sm: "auto" } }}>
            {pending ? m.saving : m.save}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
