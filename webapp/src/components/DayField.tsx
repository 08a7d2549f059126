// A day picker that shows dd/MM/yyyy and a French calendar whatever the browser's language: a
// native <input type="date"> follows the browser's locale (mm/dd/yyyy in an English browser).
// It lives in the lazy chunks of the screens that pick dates, never in the login page's.
import { useState } from "react";
import { isValid } from "date-fns";
import { fr } from "date-fns/locale/fr";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { frFR } from "@mui/x-date-pickers/locales";
import { DATE_FORMAT, dayValue, parseDayValue } from "../lib/format";

const frenchTexts = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The day is a form value as a native date input has it: yyyy-MM-dd, or "" while the field is
 * empty or holds an unfinished date. The picker keeps what is being typed until it is a day.
 */
export function DayField({
  label,
  value,
  onChange,
  minDate,
  required,
  error,
  helperText,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minDate?: Date;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
}) {
  // What the picker shows, and the form value it last stood for: a new value from outside (a
  // reset) replaces it, the "" sent for a half-typed date does not.
  const [shown, setShown] = useState<{ day: Date | null; value: string }>(() => ({ day: parseDayValue(value) ?? null, value }));
  if (shown.value !== value) setShown({ day: parseDayValue(value) ?? null, value });

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fr} localeText={frenchTexts}>
      <DatePicker
        label={label}
        value={shown.day}
        format={DATE_FORMAT}
        minDate={minDate}
        onChange={(day) => {
          const next = day && isValid(day) ? dayValue(day) : "";
          setShown({ day, value: next });
          onChange(next);
        }}
        slotProps={{ textField: { required, error, helperText, name, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
