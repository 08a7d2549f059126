import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import KeyRounded from "@mui/icons-material/KeyRounded";
import LockResetRounded from "@mui/icons-material/LockResetRounded";
import { Notice } from "../../components/Notice";
import { IconBadge } from "../../components/IconBadge";
import { useToast } from "../../components/Toasts";
import { AuthService } from "../../gen/tremplin/auth/v1/auth_pb";
import { newPasswordErrorMessage } from "../../lib/errors";
import { screenMessages } from "../../lib/messages/screens";
import { handlesAllErrors } from "../../lib/queryClient";
import { landingAfterLogin } from "../../lib/routes";
import { useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { useServerViolations } from "../../lib/useServerViolations";
import { fieldViolations } from "../../lib/violations";
import * as rules from "../../lib/validation";
import { PasswordField } from "./fields";

type Form = { password: string; confirm: string; terms: boolean };

const m = screenMessages.newPassword;

const fieldOfPath = (path: string) => (path === "password" ? "password" : path === "accept_terms" ? "terms" : undefined);

/**
 * The page an e-mailed link opens (query parameters id and token): "create" for an invitation
 * (with the terms-of-use checkbox), "update" for a password reset — which shows the checkbox too
 * once the server's refusal names it: the reset link of an account that never accepted the
 * terms (an invitation never completed) asks for them.
 */
export function PasswordLinkPage({ variant }: { variant: "create" | "update" }) {
  const create = variant === "create";
  usePageTitle(create ? m.createTitle : m.updateTitle);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [termsAsked, setTermsAsked] = useState(false);
  const withTerms = create || termsAsked;
  const termsErrorId = useId();
  const mutation = useMutation(AuthService.method.newPassword, { meta: handlesAllErrors });

  const form = useForm<Form>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: { password: "", confirm: "", terms: false } });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = form;
  const placeViolations = useServerViolations(form, { field: fieldOfPath, ownRules: /^(password|accept_terms)\./ });
  // The checkbox the server asked for takes the focus once it is there.
  const { setFocus } = form;
  useEffect(() => {
    if (termsAsked) setFocus("terms");
  }, [termsAsked, setFocus]);

  const onSubmit = handleSubmit((values) => {
    setError(null);
    mutation.mutate(
      { id: params.get("id") ?? "", token: params.get("token") ?? "", password: values.password, acceptTerms: withTerms && values.terms },
      {
        onSuccess: (res) => {
          toast.success(m.success);
          // An invitation signs the person in; a reset sends them to sign in.
          if (res.user) void session.signIn(res.user, landingAfterLogin(res.user));
          else navigate("/login", { replace: true });
        },
        onError: (err) => {
          // The password's format and the terms go under their field; the rest above the form.
          if (fieldViolations(err).some((v) => v.path === "accept_terms")) setTermsAsked(true);
          if (!placeViolations(err)) setError(newPasswordErrorMessage(err));
        },
      },
    );
  });

  const terms = register("terms", { validate: withTerms ? rules.termsAccepted : undefined });

  return (
    <Box sx={{ flex: 1, display: "flex", justifyContent: "center", alignItems: "flex-start", px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: "100%", maxWidth: 480, borderRadius: "20px", p: { xs: 3, sm: 5 } }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: 1.5, mb: 3.5 }}>
          <IconBadge size={60}>{create ? <KeyRounded /> : <LockResetRounded />}</IconBadge>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" } }}>
            {create ? m.createTitle : m.updateTitle}
          </Typography>
          <Typography variant="subtitle1">{create ? m.createSubtitle : m.updateSubtitle}</Typography>
        </Box>

        {error && (
          <Notice severity="error" sx={{ mb: 3 }}>
            {error}
          </Notice>
        )}

        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
          <PasswordField
            label={m.password}
            autoComplete="new-password"
            autoFocus
            error={errors.password?.message}
            helperText={m.rules}
            {...register("password", { validate: { required: rules.required, format: rules.password } })}
          />
          <PasswordField
            label={m.confirm}
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register("confirm", {
              validate: {
                required: rules.required,
                same: (value) => rules.passwordConfirmation(value, getValues("password")),
              },
            })}
          />
          {withTerms && (
            <Box>
              <FormControlLabel
                sx={{ alignItems: "flex-start", mr: 0 }}
                control={
                  <Checkbox
                    name={terms.name}
                    onChange={(e) => void terms.onChange(e)}
                    onBlur={(e) => void terms.onBlur(e)}
                    sx={{ mt: -1 }}
                    slotProps={{
                      input: {
                        ref: terms.ref,
                        "aria-invalid": Boolean(errors.terms) || undefined,
                        "aria-describedby": errors.terms?.message ? termsErrorId : undefined,
                      },
                    }}
                  />
                }
                label={
                  <Typography variant="body2" component="span">
                    {m.termsBefore}
                    {/* One box, never split over two lines: its 44 px tap layer then surrounds it. */}
                    <Link component={RouterLink} to="/cgu" target="_blank" rel="noopener" sx={{ display: "inline-block" }}>
                      {m.termsLink}
                    </Link>
                  </Typography>
                }
              />
              {errors.terms?.message && (
                <FormHelperText id={termsErrorId} error sx={{ mx: 1.75 }}>
                  {errors.terms.message}
                </FormHelperText>
              )}
            </Box>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            {create ? m.submitCreate : m.submitUpdate}
          </Button>
          <Box sx={{ textAlign: "center" }}>
            <Link component={RouterLink} to="/login" variant="body2">
              {m.backToLogin}
            </Link>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
