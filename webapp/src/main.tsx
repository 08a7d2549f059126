import "@fontsource-variable/inter/wght.css";
import "./index.css";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { AppProviders } from "./AppProviders";
import { beaconSink, setPageViewSink } from "./lib/analytics";
import { createQueryClient } from "./lib/queryClient";
import { prefetchSession, prepareSignIn, sessionUser } from "./lib/session";
import { transport } from "./lib/transport";
import { pages, preloadPublicPage, preloadSignedIn, setPageDataContext, AppShell } from "./pages";

const queryClient = createQueryClient();
// Page views go to our own server from the real app only (tests install their own sink).
setPageViewSink(beaconSink);
setPageDataContext(queryClient, transport);

// Signing in waits for the signed-in shell and the landing screen (with its data), started as
// soon as the form is sent: the login page then gives way to a complete screen in one step.
prepareSignIn({
  warmUp: () => {
    void AppShell.preloadCode().catch(() => {});
    void pages.home.preloadCode().catch(() => {});
  },
  ready: (user, landing) => preloadSignedIn(user, landing),
});

// Boot: the session check and, for a public address, its screen are fetched side by side while
// index.html shows its splash; for a signed-in user, the shell and the screen of the address
// (with its data) follow the check. The app then renders once, straight to the right screen.
const { pathname, search } = window.location;
const boot = Promise.all([
  prefetchSession(queryClient, transport).then(() => {
    const user = sessionUser(queryClient, transport);
    return user ? preloadSignedIn(user, pathname + search) : undefined;
  }),
  preloadPublicPage(pathname),
]);

void boot.finally(() =>
  createRoot(document.getElementById("root")!).render(
    <AppProviders transport={transport} queryClient={queryClient} Router={BrowserRouter}>
      <App />
    </AppProviders>,
  ),
);
