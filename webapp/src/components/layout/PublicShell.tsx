import Box from "@mui/material/Box";
import { lazy, Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorBoundary } from "../ErrorBoundary";
import { Splash } from "../Splash";

// Not shown on the login page: loaded with the other public pages.
const Footer = lazy(() => import("./Footer").then((m) => ({ default: m.Footer })));
const PublicHeader = lazy(() => import("./PublicHeader").then((m) => ({ default: m.PublicHeader })));

/**
 * The shell of anonymous visitors. The header shows only a login link; the login page
 * brings its own full-screen layout.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const isLogin = pathname === "/login";
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      {!isLogin && (
        <Suspense fallback={<Box sx={{ height: 65 }} />}>
          <PublicHeader />
        </Suspense>
      )}
      <Box component="main" id="main" sx={{ flex: 1, display: "flex", flexDirection: "column" }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Splash />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      {!isLogin && (
        <Suspense fallback={null}>
          <Footer audience="anonymous" />
        </Suspense>
      )}
    </Box>
  );
}
