import Box from "@mui/material/Box";
import { Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { messages } from "../../lib/messages";
import { useUser } from "../../lib/session";
import { audienceOf } from "../../lib/routes";
import { ErrorBoundary } from "../ErrorBoundary";
import { Splash } from "../Splash";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** The shell of a signed-in user: header with the menu of the role, content, footer. */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useUser();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Header user={user} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: "none" }}>
        <ErrorBoundary resetKey={pathname}>
          {/* A screen still loading fills the viewport: the footer stays below the fold
              instead of rising under the header and falling back when the screen arrives. */}
          <Suspense fallback={<Box sx={{ minHeight: "100vh" }}><Splash /></Box>}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      <Footer audience={audienceOf(user)} />
    </Box>
  );
}

export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: "absolute",
        left: 8,
        top: -48,
        zIndex: 2000,
        bgcolor: "primary.main",
        color: "#fff",
        px: 2,
        py: 1,
        borderRadius: 1,
        "&:focus": { top: 8 },
      }}
    >
      {messages.app.skipToContent}
    </Box>
  );
}
