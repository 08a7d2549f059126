// A time picker that shows HH:mm (24 h) whatever the browser's language — a native
// <input type="time"> follows the browser's locale (10:00 AM in an English browser) — with a
// 15-minute step (spec section 9).
import { useState } from "react";
import { format, isValid, parse } from "date-fns";
import { fr } from "date-fns/locale/fr";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import { frFR } from "@mui/x-date-pickers/locales";
import { TIME_FORMAT } from "../../lib/format";

const frenchTexts = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

function parseTime(value: string): Date | null {
  const d = parse(value, TIME_FORMAT, new Date());
  return isValid(d) ? d : null;
}

/** The value is "HH:mm", or "" while the field is empty or holds an unfinished time. */
export function TimeField({
  label,
  value,
  onChange,
  required,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const [shown, setShown] = useState<{ time: Date | null; value: string }>(() => ({ time: parseTime(value), value }));
  if (shown.value !== value) setShown({ time: parseTime(value), value });
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fr} localeText={frenchTexts}>
      <TimePicker
        label={label}
        value={shown.time}
        ampm={false}
        format={TIME_FORMAT}
        minutesStep={15}
        timeSteps={{ minutes: 15 }}
        onChange={(time) => {
          const next = time && isValid(time) ? format(time, TIME_FORMAT) : "";
          setShown({ time, value: next });
          onChange(next);
        }}
        slotProps={{ textField: { required, error, helperText, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
