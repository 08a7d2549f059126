import { useForm } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useToast } from "../../components/Toasts";
import { AuthService } from "../../gen/tremplin/auth/v1/auth_pb";
import { resetPasswordMessages as m } from "../../lib/messages/resetPassword";
import { handlesAllErrors } from "../../lib/queryClient";
import { useServerViolations } from "../../lib/useServerViolations";
import { EmailInput, emailRules } from "./fields";

/** The body of the reset-password modal: one e-mail field; success shows a toast and closes. */
export function ResetPasswordForm({ defaultEmail, onDone }: { defaultEmail?: string; onDone: () => void }) {
  const toast = useToast();
  const reset = useMutation(AuthService.method.resetPassword, { meta: handlesAllErrors });
  const form = useForm<{ email: string }>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: { email: defaultEmail ?? "" } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const placeViolations = useServerViolations(form);

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { email: values.email.trim() },
      {
        onSuccess: () => {
          toast.success(m.success);
          onDone();
        },
        onError: (err) => {
          if (!placeViolations(err)) toast.error(m.error);
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Typography color="text.secondary" sx={{ textAlign: "center" }}>
        {m.intro}
      </Typography>
      <EmailInput label={m.email} autoComplete="email" error={errors.email?.message} {...register("email", emailRules)} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
        {m.submit}
      </Button>
    </Box>
  );
}
