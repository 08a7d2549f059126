import "@fontsource-variable/inter/wght.css";
import "./index.css";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { AppProviders } from "./AppProviders";
import { createQueryClient } from "./lib/queryClient";
import { prefetchSession } from "./lib/session";
import { transport } from "./lib/transport";
import { preloadPublicPage } from "./pages";

const queryClient = createQueryClient();

// Boot: the session check and, for a public address, its screen are fetched side by side while
// index.html shows its splash; the app then renders once, straight to the right screen.
const boot = Promise.all([
  prefetchSession(queryClient, transport),
  preloadPublicPage(window.location.pathname),
]);

void boot.finally(() =>
  createRoot(document.getElementById("root")!).render(
    <AppProviders transport={transport} queryClient={queryClient} Router={BrowserRouter}>
      <App />
    </AppProviders>,
  ),
);
