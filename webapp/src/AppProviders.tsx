import { StrictMode, useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { Transport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
// MUI's own ThemeProvider also carries the CSS-variables machinery (color schemes), which this
// theme does not use; for such themes it renders @mui/system's provider with `vars: null`,
// which is what we do directly.
import { ThemeProvider } from "@mui/system";
import { CacheProvider } from "@emotion/react";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { ModalProvider } from "./components/ModalHost";
import { ToastProvider } from "./components/Toasts";
import { SessionProvider } from "./lib/session";
import { createEmotionCache } from "./lib/emotionCache";
import { loadFrenchTheme, theme } from "./lib/theme";
import { ViewportProvider } from "./lib/viewport";

// `vars: null`: what MUI's ThemeProvider passes for a theme without CSS variables.
const withoutVars = (t: typeof theme) => ({ ...t, vars: null });

/** The theme, switched to MUI's French locale as soon as it has loaded (after the first paint). */
function useAppTheme() {
  const [current, setCurrent] = useState(() => withoutVars(theme));
  useEffect(() => {
    let live = true;
    let idle: number | undefined;
    let timer: number | undefined;
    const load = () => void loadFrenchTheme().then((t) => live && setCurrent(withoutVars(t)));
    // After the first screen is painted (the frame after this one), when the browser is idle.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        timer = undefined;
        if (window.requestIdleCallback) idle = window.requestIdleCallback(load, { timeout: 1000 });
        else load();
      }, 0);
    });
    return () => {
      live = false;
      window.cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return current;
}

/**
 * Everything the screens rely on: emotion's cache (CSP nonce), theme, viewport, the Connect transport, the query client,
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
  const appTheme = useAppTheme();
  // One cache for the page's life: its <style> tags carry the CSP nonce (lib/emotionCache.ts).
  const [emotionCache] = useState(() => createEmotionCache());
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
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
      </CacheProvider>
    </StrictMode>
  );
}
