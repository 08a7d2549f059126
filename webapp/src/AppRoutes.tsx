// The router, built from the route map of src/lib/routes.ts for the current audience.
import type { ComponentType } from "react";
import { Navigate, useLocation, useRoutes, type RouteObject } from "react-router";
import { hasLinkParams, loginPath, routeMap, startPath, type Audience, type PageKey } from "./lib/routes";

export type PageComponents = Record<PageKey, ComponentType>;

function Fallback({ audience, keepAddress }: { audience: Audience; keepAddress: boolean }) {
  const location = useLocation();
  // An anonymous visitor sent to /login remembers what they asked for, in the address as the
  // server does for a visitor without a session cookie (`next`); not one who just signed out.
  const to = audience === "anonymous" && keepAddress ? loginPath(location.pathname + location.search) : startPath[audience];
  return <Navigate to={to} replace />;
}

function RequireLinkParams({ children }: { children: React.ReactNode }) {
  const { search } = useLocation();
  return hasLinkParams(search) ? <>{children}</> : <Navigate to="/login" replace />;
}

export function buildRoutes(audience: Audience, pages: PageComponents, keepAddress = true): RouteObject[] {
  const routes: RouteObject[] = routeMap[audience].map((entry) => {
    const Page = pages[entry.page];
    return {
      path: entry.path,
      element: entry.linkParams ? (
        <RequireLinkParams>
          <Page />
        </RequireLinkParams>
      ) : (
        <Page />
      ),
    };
  });
  routes.push({ path: "*", element: <Fallback audience={audience} keepAddress={keepAddress} /> });
  return routes;
}

/**
 * The screen of the address, or of `location` when given (the landing right after signing in,
 * drawn before the address has changed). The location is always passed to useRoutes, so that
 * the element tree is the same with or without `location` and the screen is not mounted twice.
 */
export function AppRoutes({
  audience,
  pages,
  location,
  keepAddress = true,
}: {
  audience: Audience;
  pages: PageComponents;
  location?: string;
  /** An anonymous visitor's unknown address goes to /login?next=… (false: to /login). */
  keepAddress?: boolean;
}) {
  const current = useLocation();
  return useRoutes(buildRoutes(audience, pages, keepAddress), location ?? current);
}
