import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Code } from "@connectrpc/connect";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import CheckRounded from "@mui/icons-material/CheckRounded";
import LockResetRounded from "@mui/icons-material/LockResetRounded";
import { Notice } from "../../components/Notice";
import { useModals } from "../../components/ModalHost";
import { Logo } from "../../components/Logo";
import { AuthService } from "../../gen/tremplin/auth/v1/auth_pb";
import { errorCode, loginErrorMessage, serverMessage } from "../../lib/errors";
import { messages } from "../../lib/messages";
import { handlesAllErrors } from "../../lib/queryClient";
import { landingAfterLogin, safeNext } from "../../lib/routes";
import { useSession, warmUpSignIn } from "../../lib/session";
import { brand } from "../../lib/theme";
import { usePageTitle } from "../../lib/usePageTitle";
import * as rules from "../../lib/validation";
import { EmailInput, emailRules, PasswordField } from "./fields";

// Only needed once « Mot de passe oublié ? » is clicked.
const ResetPasswordForm = lazy(() => import("./ResetPasswordForm").then((m) => ({ default: m.ResetPasswordForm })));

type LoginForm = { email: string; password: string };

const m = messages.login;

export default function LoginPage() {
  usePageTitle(m.title);
  const session = useSession();
  const [searchParams] = useSearchParams();
  const modals = useModals();
  const [error, setError] = useState<string | null>(null);
  // Between the login's answer and the signed-in screen's code: the button keeps spinning.
  const [entering, setEntering] = useState(false);
  // The address asked for before the login (`/login?next=…`), if it is one of this site's.
  const from = safeNext(searchParams.get("next"));

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginForm>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: { email: "", password: "" } });

  const login = useMutation(AuthService.method.login, { meta: handlesAllErrors });

  const onSubmit = handleSubmit((values) => {
    setError(null);
    session.clearNotice();
    warmUpSignIn();
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (res) => {
          if (!res.user) {
            setError(messages.errors.authentication);
            return;
          }
          setEntering(true);
          void session.signIn(res.user, landingAfterLogin(res.user, from));
        },
        // A sign-in refused until something is done first (the terms of use to accept before a
        // first sign-in) says what in the server's message; the others are the spec's.
        onError: (err) =>
          setError((errorCode(err) === Code.FailedPrecondition && serverMessage(err)) || loginErrorMessage(err)),
      },
    );
  });

  const openReset = () =>
    modals.open({
      kind: "custom",
      title: messages.login.resetTitle,
      illustration: <LockResetRounded />,
      render: (close) => (
        <Suspense fallback={<Box sx={{ height: 200 }} />}>
          <ResetPasswordForm defaultEmail={getValues("email")} onDone={close} />
        </Suspense>
      ),
    });

  const banner = error ?? session.notice;

  return (
    <Box sx={{ flex: 1, display: "flex", minHeight: "100vh" }}>
      <Hero />
      <Box
        sx={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: { xs: "flex-start", md: "center" },
          px: { xs: 2.5, sm: 4 },
          py: { xs: 4, md: 6 },
          bgcolor: { xs: "background.default", md: "#fff" },
        }}
      >
        <Box sx={{ width: "100%", maxWidth: 420 }}>
          <Box sx={{ display: { xs: "flex", md: "none" }, justifyContent: "center", mb: 4 }}>
            <Logo />
          </Box>
          <Box
            sx={{
              bgcolor: "#fff",
              borderRadius: "20px",
              p: { xs: 3, sm: 4, md: 0 },
              border: { xs: `1px solid ${brand.border}`, md: "none" },
            }}
          >
            <Typography variant="h1" sx={{ fontSize: { xs: "1.625rem", sm: "2rem" } }}>
              {m.welcome}
            </Typography>
            <Typography variant="subtitle1" sx={{ mt: 1, mb: 3.5 }}>
              {m.subtitle}
            </Typography>

            {banner && (
              <Notice severity="error" sx={{ mb: 3 }} data-testid="login-error">
                {banner}
              </Notice>
            )}

            <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
              <EmailInput label={m.email} autoComplete="username" error={errors.email?.message} {...register("email", emailRules)} />
              <PasswordField
                label={m.password}
                autoComplete="current-password"
                error={errors.password?.message}
                {...register("password", { validate: { required: rules.required } })}
              />
              <Box sx={{ display: "flex", justifyContent: "flex-end", mt: -1 }}>
                <Button type="button" size="small" onClick={openReset} sx={{ px: 1, mr: -1 }}>
                  {m.forgotten}
                </Button>
              </Box>
              <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending || entering}>
                {m.submit}
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: "center" }}>
              {m.noAccount}
            </Typography>
          </Box>
          <Box component="nav" sx={{ mt: 3, display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
            <Button component={RouterLink} to="/cgu" size="small" color="inherit" sx={{ color: "text.secondary", fontWeight: 500 }}>
              {messages.nav.cgu}
            </Button>
            <Button component={RouterLink} to="/legal-notice" size="small" color="inherit" sx={{ color: "text.secondary", fontWeight: 500 }}>
              {messages.nav.legalNotice}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function Hero() {
  return (
    <Box
      sx={{
        display: { xs: "none", md: "flex" },
        flex: "0 0 46%",
        maxWidth: 620,
        position: "relative",
        overflow: "hidden",
        flexDirection: "column",
        justifyContent: "space-between",
        p: 6,
        color: "#fff",
        background: `linear-gradient(150deg, ${brand.primary} 0%, ${brand.primaryDark} 100%)`,
      }}
    >
      <Logo inverted />
      <Box sx={{ position: "relative", zIndex: 1 }}>
        <Typography component="p" sx={{ fontSize: "2.125rem", fontWeight: 750, lineHeight: 1.2, letterSpacing: "-0.02em", maxWidth: 440 }}>
          {m.heroTitle}
        </Typography>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 4, display: "flex", flexDirection: "column", gap: 2 }}>
          {m.heroPoints.map((point) => (
            <Box component="li" key={point} sx={{ display: "flex", alignItems: "center", gap: 1.5, fontSize: "1.0625rem", opacity: 0.95 }}>
              <Box sx={{ width: 28, height: 28, borderRadius: "50%", bgcolor: "rgba(255,255,255,0.16)", display: "grid", placeItems: "center", flex: "none" }}>
                <CheckRounded sx={{ fontSize: 18, color: brand.accent }} />
              </Box>
              {point}
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ opacity: 0.7, position: "relative", zIndex: 1 }}>
        {messages.app.tagline}
      </Typography>
      {/* Decorative springboard curves */}
      <Box component="svg" viewBox="0 0 400 400" aria-hidden sx={{ position: "absolute", right: -120, bottom: -110, width: 460, height: 460, opacity: 0.18 }}>
        <circle cx="200" cy="200" r="190" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="200" cy="200" r="140" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="200" cy="200" r="90" fill="none" stroke="#fff" strokeWidth="2" />
      </Box>
      <Box sx={{ position: "absolute", right: 72, top: 120, width: 14, height: 14, borderRadius: "50%", bgcolor: brand.accent }} />
    </Box>
  );
}
