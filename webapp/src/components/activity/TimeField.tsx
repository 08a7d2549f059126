// A time picker that shows HH:mm (24 h) whatever the browser's language — a native
// <input type="time"> follows the browser's locale (10:00 AM in an English browser) — with a
// 15-minute step (spec section 9).
import { format, isValid, parse } from "date-fns";
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import { TIME_FORMAT } from "../../lib/format";
import { FrenchPickers, usePickerField, type PickerFieldProps } from "../pickerField";

function parseTime(value: string): Date | null {
  const d = parse(value, TIME_FORMAT, new Date());
  return isValid(d) ? d : null;
}

const printTime = (time: Date) => format(time, TIME_FORMAT);

/** The value is "HH:mm", "" while the field is empty, UNREADABLE while it holds an unfinished time. */
export function TimeField(field: PickerFieldProps) {
  const picker = usePickerField(field, parseTime, printTime);
  return (
    <FrenchPickers>
      <TimePicker {...picker} ampm={false} format={TIME_FORMAT} minutesStep={15} timeSteps={{ minutes: 15 }} />
    </FrenchPickers>
  );
}
