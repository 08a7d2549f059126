// A day picker that shows dd/MM/yyyy and a French calendar whatever the browser's language: a
// native <input type="date"> follows the browser's locale (mm/dd/yyyy in an English browser).
// It lives in the lazy chunks of the screens that pick dates, never in the login page's.
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { DATE_FORMAT, dayValue, parseDayValue } from "../lib/format";
import { FrenchPickers, usePickerField, type PickerFieldProps } from "./pickerField";

const parseDay = (value: string) => parseDayValue(value) ?? null;

/**
 * The day is a form value as a native date input has it: yyyy-MM-dd, "" while the field is
 * empty, UNREADABLE (lib/format) while it holds an unfinished or impossible date. The picker
 * keeps what is being typed until it is a day.
 */
export function DayField({ minDate, ...field }: PickerFieldProps & { minDate?: Date }) {
  const picker = usePickerField(field, parseDay, dayValue);
  return (
    <FrenchPickers>
      <DatePicker {...picker} format={DATE_FORMAT} minDate={minDate} />
    </FrenchPickers>
  );
}
