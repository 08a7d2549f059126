import "@fontsource-variable/inter/wght.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { TransportProvider } from "@connectrpc/connect-query";
import { QueryClientProvider } from "@tanstack/react-query";
// MUI's own ThemeProvider also carries the CSS-variables machinery (color schemes), which this
// theme does not use; for such themes it renders @mui/system's provider with `vars: null`,
// which is what we do directly.
import { ThemeProvider } from "@mui/system";
import { App } from "./App";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { ModalProvider } from "./components/ModalHost";
import { ToastProvider } from "./components/Toasts";
import { createQueryClient } from "./lib/queryClient";
import { prefetchSession, SessionProvider } from "./lib/session";
import { theme } from "./lib/theme";
import { transport } from "./lib/transport";
import { ViewportProvider } from "./lib/viewport";
import { preloadPublicPage } from "./pages";

const queryClient = createQueryClient();
const appTheme = { ...theme, vars: null };

// Boot: the session check and, for a public address, its screen are fetched side by side while
// index.html shows its splash; the app then renders once, straight to the right screen.
const boot = Promise.all([prefetchSession(queryClient), preloadPublicPage(window.location.pathname)]);

void boot.finally(() => createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider theme={appTheme}>
      <ErrorBoundary>
        <ViewportProvider>
          <TransportProvider transport={transport}>
            <QueryClientProvider client={queryClient}>
              <BrowserRouter>
                <ToastProvider>
                  <SessionProvider>
                    <ModalProvider>
                      <App />
                    </ModalProvider>
                  </SessionProvider>
                </ToastProvider>
              </BrowserRouter>
            </QueryClientProvider>
          </TransportProvider>
        </ViewportProvider>
      </ErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
));
