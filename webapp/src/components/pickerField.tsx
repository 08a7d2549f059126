// What the day and time pickers (DayField, TimeField) share: MUI X's pickers in French whatever
// the browser's language, and a picker's props over the form's string field. They live in the
// lazy chunks of the screens that pick dates, never in the login page's.
import { useRef, useState, type FocusEvent, type ReactNode } from "react";
import { isValid } from "date-fns";
import { fr } from "date-fns/locale/fr";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { frFR } from "@mui/x-date-pickers/locales";
import { UNREADABLE } from "../lib/format";

const frenchTexts = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

/** date-fns in French and MUI X's French texts, for the pickers inside. */
export function FrenchPickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fr} localeText={frenchTexts}>
      {children}
    </LocalizationProvider>
  );
}

/** What a day or time field takes: the form's value and its change, and its TextField's label, mark, message and name. */
export type PickerFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
};

/**
 * A picker's props over a form's string field (`parse` reads its value, `print` writes a whole
 * date): the value is "" while the field is empty, UNREADABLE while it holds an unfinished or
 * impossible date (the form's rules say so). What the picker shows is kept with the value it
 * last stood for: a new value from outside (a reset) replaces it, the UNREADABLE sent for a
 * half-typed date does not, so that the picker keeps what is being typed.
 *
 * MUI X publishes an impossible date (« 31/02/2027 ») as an invalid one, but a date typed in part
 * into an empty field not at all (its value stays null, the same as empty): when focus leaves
 * the field, its hidden input — the sections as typed, "" when they are all empty — tells the
 * two apart.
 */
export function usePickerField(
  { label, value, onChange, required, error, helperText, name }: PickerFieldProps,
  parse: (value: string) => Date | null,
  print: (date: Date) => string,
) {
  const [shown, setShown] = useState<{ date: Date | null; value: string }>(() => ({ date: parse(value), value }));
  if (shown.value !== value) setShown({ date: parse(value), value });
  const typed = useRef<HTMLInputElement>(null);
  const publish = (date: Date | null, next: string) => {
    setShown({ date, value: next });
    onChange(next);
  };
  return {
    label,
    value: shown.date,
    onChange: (date: Date | null) => publish(date, date === null ? "" : isValid(date) ? print(date) : UNREADABLE),
    slotProps: {
      textField: {
        required,
        error,
        helperText,
        name,
        fullWidth: true,
        inputRef: typed,
        onBlur: (event: FocusEvent<HTMLElement>) => {
          const to = event.relatedTarget;
          if (to instanceof Node && event.currentTarget.contains(to)) return; // from one section to another
          if (shown.date !== null) return; // a date, whole or impossible, was published
          const next = typed.current?.value ? UNREADABLE : "";
          if (next !== value) publish(null, next);
        },
      },
    },
  };
}
