import { StrictMode, type ComponentType, type ReactNode } from "react";
import type { Transport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
// MUI's own ThemeProvider also carries the CSS-variables machinery (color schemes), which this
// theme does not use; for such themes it renders @mui/system's provider with `vars: null`,
// which is what we do directly.
import { ThemeProvider } from "@mui/system";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { ModalProvider } from "./components/ModalHost";
import { ToastProvider } from "./components/Toasts";
import { SessionProvider } from "./lib/session";
import { theme } from "./lib/theme";
import { ViewportProvider } from "./lib/viewport";

const appTheme = { ...theme, vars: null };

/**
 * Everything the screens rely on: theme, viewport, the Connect transport, the query client,
 * the router (BrowserRouter in the app, a MemoryRouter in tests), toasts, the session and the
 * modal host.
 */
export function AppProviders({
  transport,
  queryClient,
  Router,
  children,
}: {
  transport: Transport;
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ThemeProvider theme={appTheme}>
        <ErrorBoundary>
          <ViewportProvider>
            <TransportProvider transport={transport}>
              <QueryClientProvider client={queryClient}>
                <Router>
                  <ToastProvider>
                    <SessionProvider>
                      <ModalProvider>{children}</ModalProvider>
                    </SessionProvider>
                  </ToastProvider>
                </Router>
              </QueryClientProvider>
            </TransportProvider>
          </ViewportProvider>
        </ErrorBoundary>
      </ThemeProvider>
    </StrictMode>
  );
}
