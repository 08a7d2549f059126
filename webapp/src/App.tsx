import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { useToast } from "./components/Toasts";
import { PublicShell } from "./components/layout/PublicShell";
import { Splash } from "./components/Splash";
import { usePageViews } from "./lib/analytics";
import { isPremiumRequired, isSessionLost } from "./lib/errors";
import { messages } from "./lib/messages";
import { setGlobalErrorHandler } from "./lib/queryClient";
import { useSession } from "./lib/session";
import { pages } from "./pages";

// The authenticated shell (header, menus) is not needed by the login page: load it lazily.
const AppShell = lazy(() => import("./components/layout/AppShell"));

export function App() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  usePageViews();

  const { forget } = session;
  useEffect(
    () =>
      setGlobalErrorHandler((error) => {
        if (isPremiumRequired(error)) {
          navigate("/ask-subscription");
        } else if (isSessionLost(error)) {
          forget(messages.errors.sessionExpired);
          navigate("/login", { replace: true });
        } else {
          toast.error(messages.errors.generic);
        }
      }),
    [navigate, toast, forget],
  );

  if (session.status === "loading") return <Splash fullScreen />;

  if (session.audience === "anonymous") {
    return (
      <PublicShell>
        <AppRoutes audience="anonymous" pages={pages} />
      </PublicShell>
    );
  }
  return (
    <Suspense fallback={<Splash fullScreen />}>
      <AppShell>
        {session.landing ? (
          <Landing to={session.landing} onDone={session.landingDone} />
        ) : (
          <AppRoutes audience={session.audience} pages={pages} />
        )}
      </AppShell>
    </Suspense>
  );
}

/**
 * Right after signing in: go to the landing page, now that the signed-in routes apply, and
 * hand over to them once the address is there (react-router applies navigations in a
 * transition, after ordinary state updates).
 */
function Landing({ to, onDone }: { to: string; onDone: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const arrived = pathname + search === to;
  useEffect(() => {
    if (arrived) onDone();
    else navigate(to, { replace: true });
  }, [arrived, to, onDone, navigate]);
  return null;
}
