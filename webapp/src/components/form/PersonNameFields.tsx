// Who a person is, as the staff's forms ask it (an agency's administrator, a candidate): the
// civility, the first name and the last name, on one row from `sm`; the last name is upper-cased
// and cleaned as it is typed (spec section 5).
import type { UseFormRegisterReturn } from "react-hook-form";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { normalizeLastName } from "../../lib/validation";
import { bind } from "./layout";

const f = agencyMessages.agencyForm;

export function PersonNameFields({
  civility,
  onCivilityChange,
  firstName,
  lastName,
  errors = {},
}: {
  civility: Civility;
  onCivilityChange: (civility: Civility) => void;
  /** react-hook-form's register("firstName") and register("lastName"). */
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  errors?: { firstName?: string; lastName?: string };
}) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "150px 1fr 1fr" }, gap: 2, alignItems: "start" }}>
      <TextField select label={f.civility} value={civility} onChange={(e) => onCivilityChange(Number(e.target.value) as Civility)}>
        <MenuItem value={Civility.UNSPECIFIED}>{f.civilities.unspecified}</MenuItem>
        <MenuItem value={Civility.FEMALE}>{f.civilities.female}</MenuItem>
        <MenuItem value={Civility.MALE}>{f.civilities.male}</MenuItem>
        <MenuItem value={Civility.OTHER}>{f.civilities.other}</MenuItem>
      </TextField>
      <TextField label={f.firstName} autoComplete="off" {...bind(firstName)} error={Boolean(errors.firstName)} helperText={errors.firstName} />
      <TextField
        label={f.lastName}
        autoComplete="off"
        {...bind(lastName)}
        onChange={(e) => {
          e.target.value = normalizeLastName(e.target.value);
          return lastName.onChange(e);
        }}
        error={Boolean(errors.lastName)}
        helperText={errors.lastName}
      />
    </Box>
  );
}
