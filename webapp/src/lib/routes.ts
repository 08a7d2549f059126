// The route map of the specification (section 2), per audience, and the rules that follow from
// it. The router (src/AppRoutes.tsx) is built from this table; nothing else decides what a
// path shows.
import { matchPath } from "react-router";
import { Role, type User } from "../gen/tremplin/common/v1/common_pb";
import { messages } from "./messages";

export type Audience = "anonymous" | "candidate" | "agency-admin" | "admin";

export type PageKey =
  | "login"
  | "newPassword"
  | "updatePassword"
  | "home"
  | "dashboard"
  | "contacts"
  | "contactDetails"
  | "applications"
  | "applicationDetails"
  | "activities"
  | "taskDetails"
  | "eventDetails"
  | "profile"
  | "askSubscription"
  | "success"
  | "legalNotice"
  | "cgu"
  | "help"
  | "candidates"
  | "candidateProgress"
  | "agencies"
  | "agencyInsight"
  | "platformInsight"
  | "unsubscribe";

export type RouteEntry = {
  path: string;
  page: PageKey;
  /** The page needs the `id` and `token` query parameters of an e-mailed link. */
  linkParams?: boolean;
};

export const routeMap: Record<Audience, readonly RouteEntry[]> = {
  candidate: [
    { path: "/", page: "home" },
    { path: "/dashboard", page: "dashboard" },
    { path: "/contacts", page: "contacts" },
    { path: "/contact/:id", page: "contactDetails" },
    { path: "/applications", page: "applications" },
    { path: "/application/:id", page: "applicationDetails" },
    { path: "/activities", page: "activities" },
    { path: "/task/:id", page: "taskDetails" },
    { path: "/event/:id", page: "eventDetails" },
    { path: "/profile", page: "profile" },
    { path: "/ask-subscription", page: "askSubscription" },
    { path: "/success", page: "success" },
    { path: "/legal-notice", page: "legalNotice" },
    { path: "/cgu", page: "cgu" },
    { path: "/help", page: "help" },
    // The morning e-mail's unsubscribe link works signed in or not (its token says who).
    { path: "/unsubscribe", page: "unsubscribe" },
  ],
  "agency-admin": [
    { path: "/candidates", page: "candidates" },
    // The coach view (issue 14), beyond the spec's route map: a consenting candidate's progress.
    { path: "/candidates/:id/progress", page: "candidateProgress" },
    // « Suivi de l'agence » (issue 22): their own agency's 12 weeks.
    { path: "/insight", page: "agencyInsight" },
    { path: "/profile", page: "profile" },
    { path: "/legal-notice", page: "legalNotice" },
    { path: "/help", page: "help" },
    { path: "/unsubscribe", page: "unsubscribe" },
  ],
  admin: [
    { path: "/agencies", page: "agencies" },
    // « Suivi de la plateforme », and any agency's « Suivi de l'agence » (issue 22).
    { path: "/insight", page: "platformInsight" },
    { path: "/agencies/:id/insight", page: "agencyInsight" },
    { path: "/candidates", page: "candidates" },
    { path: "/profile", page: "profile" },
    { path: "/legal-notice", page: "legalNotice" },
    { path: "/help", page: "help" },
    { path: "/unsubscribe", page: "unsubscribe" },
  ],
  anonymous: [
    { path: "/login", page: "login" },
    { path: "/new-password", page: "newPassword", linkParams: true },
    { path: "/update-password", page: "updatePassword", linkParams: true },
    { path: "/cgu", page: "cgu" },
    { path: "/legal-notice", page: "legalNotice" },
    { path: "/unsubscribe", page: "unsubscribe" },
  ],
};

/** The id of the profile's thresholds section (spelled as the product always has). */
export const THRESHOLDS_ID = "dashboardTresholds";

/** Where the dashboard's « Modifier mes objectifs » leads: the profile's thresholds section. */
export const THRESHOLDS_PATH = `/profile#${THRESHOLDS_ID}`;

/** Where each audience starts, and where its unknown paths lead. */
export const startPath: Record<Audience, string> = {
  anonymous: "/login",
  candidate: "/",
  "agency-admin": "/candidates",
  admin: "/agencies",
};

export class UnknownRoleError extends Error {
  constructor(role: unknown) {
    super(`${messages.errors.unknownRole} (${String(role)})`);
    this.name = "UnknownRoleError";
  }
}

/** The audience of a session user; no user is the anonymous audience. An unknown role is an error. */
export function audienceOf(user: Pick<User, "role"> | undefined | null): Audience {
  if (!user) return "anonymous";
  switch (user.role) {
    case Role.CANDIDATE:
      return "candidate";
    case Role.AGENCY_ADMIN:
      return "agency-admin";
    case Role.ADMIN:
      return "admin";
    default:
      throw new UnknownRoleError(user.role);
  }
}

/** The `id` and `token` query parameters that e-mailed password links carry, both non-empty. */
export function hasLinkParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return Boolean(params.get("id")?.trim()) && Boolean(params.get("token")?.trim());
}

export type Resolution =
  | { kind: "page"; page: PageKey; params: Record<string, string | undefined> }
  | { kind: "redirect"; to: string };

/** What a path shows for an audience: a page of its route map, or a redirect. */
export function resolveRoute(audience: Audience, pathname: string, search = ""): Resolution {
  for (const entry of routeMap[audience]) {
    const match = matchPath({ path: entry.path, end: true }, pathname);
    if (!match) continue;
    if (entry.linkParams && !hasLinkParams(search)) {
      return { kind: "redirect", to: "/login" };
    }
    return { kind: "page", page: entry.page, params: match.params };
  }
  return { kind: "redirect", to: startPath[audience] };
}

/**
 * The route map's pattern of a path ("/contact/:id" for "/contact/0192…"), when the audience
 * may open it: what page views record, never the path itself (an id) nor its query. A
 * password link without its parameters is no page (it redirects), so it has no pattern.
 */
export function routePattern(audience: Audience, pathname: string, search = ""): string | undefined {
  for (const entry of routeMap[audience]) {
    if (!matchPath({ path: entry.path, end: true }, pathname)) continue;
    return entry.linkParams && !hasLinkParams(search) ? undefined : entry.path;
  }
  return undefined;
}

/**
 * The `next` of a login address, kept only when it is an address of this site: a path starting
 * with one "/" (never "//host" or "/\host", which browsers read as another site, nor a URL with
 * a scheme), without control characters. Anything else is dropped: following it would make
 * the login an open redirect.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return undefined;
  const base = "http://tremplin.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const path = url.pathname + url.search + url.hash;
  return path === "/" || url.pathname === "/login" ? undefined : path;
}

/**
 * The login address for a visitor who asked for `from`: `/login?next=…`, as the server sends a
 * visitor without a session (internal/server/spa.go); the home and the login need no `next`.
 */
export function loginPath(from?: string): string {
  // Already a login address (a second refusal while going there): keep its own next.
  if (from?.startsWith("/login?")) from = new URLSearchParams(from.slice("/login?".length)).get("next") ?? undefined;
  const next = safeNext(from);
  return next ? `/login?${new URLSearchParams({ next }).toString()}` : "/login";
}

/**
 * Where to go right after signing in. A B2C candidate without premium access (trial over and
 * not paid) is offered the subscription page; otherwise the page the visitor first asked for,
 * when the new audience may see it; otherwise the audience's start page.
 */
export function landingAfterLogin(
  user: Pick<User, "role" | "isB2c" | "hasPremiumAccess">,
  requestedPath?: string,
): string {
  const audience = audienceOf(user);
  if (audience === "candidate" && user.isB2c && !user.hasPremiumAccess) {
    return "/ask-subscription";
  }
  if (requestedPath && requestedPath !== "/login") {
    const [pathname, search = ""] = (requestedPath.split("#")[0] ?? "").split("?");
    const resolution = resolveRoute(audience, pathname ?? "/", search ? `?${search}` : "");
    if (resolution.kind === "page") return requestedPath;
  }
  return startPath[audience];
}

/** The overdue view's address: the tasks the dashboard counts as late (« Voir mes tâches »). */
export const OVERDUE_TASKS_PATH = "/activities?type=task&overdue=1";
