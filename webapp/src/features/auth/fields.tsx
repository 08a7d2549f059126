// Form fields for react-hook-form's `register` (its ref goes to the <input>). Built from
// FormControl + OutlinedInput rather than TextField, which drags MUI's Select, Menu and Modal
// into the login page.
import { useCallback, useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import VisibilityOffRounded from "@mui/icons-material/VisibilityOffRounded";
import VisibilityRounded from "@mui/icons-material/VisibilityRounded";
import { messages } from "../../lib/messages";
import { TAP, TOUCH } from "../../lib/theme";
import * as rules from "../../lib/validation";

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

/**
 * A labelled text input with its error (or help) line. `autoFocus` focuses the input once the
 * screen is painted: the native attribute would force a layout of the page while React is still
 * inserting it, which delays the first paint.
 */
function TextInput({ label, error, helperText, ref, type = "text", endAdornment, autoFocus, ...props }: InputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      input.current = el;
      if (typeof ref === "function") ref(el);
      else if (ref) (ref as { current: HTMLInputElement | null }).current = el;
    },
    [ref],
  );
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => input.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  const helperId = `${id}-helper`;
  const help = error ?? helperText;
  return (
    <FormControl fullWidth error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        inputRef={setRef}
        name={props.name}
        autoComplete={props.autoComplete}
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

/** The rules of an e-mail typed to sign in or to be sent a link: required, an address. */
export const emailRules = { validate: { required: rules.required, email: rules.email } };

/** The e-mail a form opens on (sign in, forgotten password): focused once painted. */
export function EmailInput(props: Omit<InputProps, "type" | "autoFocus" | "endAdornment">) {
  return <TextInput {...props} type="email" autoFocus />;
}

/** A password input with a show / hide button. */
export function PasswordField(props: Omit<InputProps, "type" | "endAdornment">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <Box sx={{ display: "flex", alignItems: "center", ml: 1 }}>
          {/* A round ButtonBase rather than IconButton: one component less for the login page. */}
          <ButtonBase
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? messages.login.hidePassword : messages.login.showPassword}
            aria-pressed={visible}
            sx={{
              mr: -0.75,
              width: 34,
              height: 34,
              // A fingertip's size on phones, inside the field's height.
              [TOUCH]: { width: TAP, height: TAP, mr: -1.25 },
              borderRadius: "50%",
              color: "action.active",
              "&:hover": { bgcolor: "action.hover" },
              "&.Mui-focusVisible": { bgcolor: "action.focus" },
            }}
          >
            {visible ? <VisibilityOffRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
          </ButtonBase>
        </Box>
      }
    />
  );
}
