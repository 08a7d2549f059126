// Form fields for react-hook-form's `register` (its ref goes to the <input>). Built from
// FormControl + OutlinedInput rather than TextField, which drags MUI's Select, Menu and Modal
// into the login page.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import VisibilityOffRounded from "@mui/icons-material/VisibilityOffRounded";
import VisibilityRounded from "@mui/icons-material/VisibilityRounded";
import { messages } from "../../lib/messages";

type InputProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: string;
  helperText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  onChange: InputHTMLAttributes<HTMLInputElement>["onChange"];
  onBlur: InputHTMLAttributes<HTMLInputElement>["onBlur"];
  endAdornment?: ReactNode;
};

/** A labelled text input with its error (or help) line. */
export function TextInput({ label, error, helperText, ref, type = "text", endAdornment, ...props }: InputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const help = error ?? helperText;
  return (
    <FormControl fullWidth error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        inputRef={ref}
        name={props.name}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        onChange={props.onChange}
        onBlur={props.onBlur}
        endAdornment={endAdornment}
        aria-describedby={help ? helperId : undefined}
        inputProps={{ "aria-invalid": Boolean(error) || undefined }}
      />
      {help && <FormHelperText id={helperId}>{help}</FormHelperText>}
    </FormControl>
  );
}

/** A password input with a show / hide button. */
export function PasswordField(props: Omit<InputProps, "type" | "endAdornment">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setVisible((v) => !v)}
            edge="end"
            aria-label={visible ? messages.login.hidePassword : messages.login.showPassword}
            size="small"
          >
            {visible ? <VisibilityOffRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
