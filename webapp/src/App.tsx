import { Suspense, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { useToast } from "./components/Toasts";
import { PublicShell } from "./components/layout/PublicShell";
import { Splash } from "./components/Splash";
import { usePageViews } from "./lib/analytics";
import { isPremiumRequired, isSessionLost } from "./lib/errors";
import { loginPath } from "./lib/routes";
import { messages } from "./lib/messages";
import { setGlobalErrorHandler } from "./lib/queryClient";
import { setRoutePreloader } from "./lib/routePreload";
import { useScrollOnNavigation } from "./lib/scroll";
import { useSession } from "./lib/session";
// The signed-in shell (header, menus) is not needed by the login page: it is lazy (pages.tsx).
import { AppShell, pages, preloadPath } from "./pages";

export function App() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  // Where the user is when a call finds the session gone: the login returns there.
  const here = useRef("");
  const address = location.pathname + location.search;
  useEffect(() => {
    here.current = address;
  }, [address]);
  usePageViews(session.audience, session.status === "ready");
  useScrollOnNavigation();

  const { forget } = session;
  useEffect(
    () =>
      setGlobalErrorHandler((error) => {
        if (isPremiumRequired(error)) {
          navigate("/ask-subscription");
        } else if (isSessionLost(error)) {
          forget(messages.errors.sessionExpired);
          navigate(loginPath(here.current), { replace: true });
        } else {
          toast.error(messages.errors.generic);
        }
      }),
    [navigate, toast, forget],
  );

  // Links start their screen's code and data on hover or focus, for what this user may open.
  const { audience } = session;
  useEffect(() => setRoutePreloader((path) => void preloadPath(audience, path).catch(() => {})), [audience]);

  if (session.status === "loading") return <Splash fullScreen />;

  if (session.audience === "anonymous") {
    return (
      <PublicShell>
        <AppRoutes audience="anonymous" pages={pages} keepAddress={!session.leaving} />
      </PublicShell>
    );
  }
  return (
    <Suspense fallback={<Splash fullScreen />}>
      <AppShell>
        {/* Right after signing in, the landing screen is drawn at once (its code is already
            there, see prepareSignIn), as if the address were already the landing's. */}
        <AppRoutes audience={session.audience} pages={pages} location={session.landing} />
        {session.landing && <Landing to={session.landing} onDone={session.landingDone} />}
      </AppShell>
    </Suspense>
  );
}

/**
 * Right after signing in: go to the landing page, now that the signed-in routes apply, and
 * hand over to the address once it is there (react-router applies navigations in a
 * transition, after ordinary state updates). Until then AppRoutes draws the landing's screen.
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
