// Every screen is loaded lazily: the login page stays small, and the screens of later issues
// arrive as placeholders. A screen may name a data loader: a small module that starts the
// screen's first request; it is started together with the screen's code (see `page`).
import { lazy, type ComponentType, type ReactNode } from "react";
import type { Transport } from "@connectrpc/connect";
import type { QueryClient } from "@tanstack/react-query";
import type { PageComponents } from "./AppRoutes";
import { audienceOf, resolveRoute, type Audience } from "./lib/routes";
import type { User } from "./gen/tremplin/common/v1/common_pb";

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
type DataLoader = () => Promise<{ prefetch: (queryClient: QueryClient, transport: Transport, user: User | undefined) => Promise<unknown> }>;
type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown>; preloadCode: () => Promise<unknown> };
type PreloadablePage = Preloadable<object>;

// The query client and transport the data loaders fill (set once by main.tsx), and the user
// they load for (set by preloadSignedIn, before the session holds them while signing in).
let dataContext: { queryClient: QueryClient; transport: Transport; user?: User } | undefined;

export function setPageDataContext(queryClient: QueryClient, transport: Transport): void {
  dataContext = { queryClient, transport };
}

/**
 * React.lazy, plus a way to start downloading the component before it is rendered. A component
 * already downloaded renders at once, without suspending (React holds a revealed Suspense
 * boundary back for a few hundred milliseconds). `loadData`, when given, starts the screen's
 * first request each time the code is asked for (react-query drops a second request for fresh
 * data), so that the request and the code download side by side.
 */
function preloadable<P extends object>(load: Loader<P>, loadData?: DataLoader): Preloadable<P> {
  let ready: ComponentType<P> | undefined;
  // Never rejects: a failed request is the screen's to show.
  const startData = (): Promise<unknown> => {
    const context = dataContext;
    if (!loadData || !context) return Promise.resolve();
    return loadData()
      .then((m) => m.prefetch(context.queryClient, context.transport, context.user))
      .catch(() => {});
  };
  const loadCode = () =>
    load().then((module) => {
      ready = module.default;
      return module;
    });
  const Lazy = lazy(() => {
    startData();
    return loadCode();
  });
  function Component(props: P) {
    const Ready = ready;
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  // The code and the data: signing in and the boot wait for both, so that the screen is
  // complete at its first paint (nothing moves when its data arrives).
  const preload = () => Promise.all([startData(), loadCode()]);
  // The code alone: before signing in, nobody's data can be asked for.
  const preloadCode = () => loadCode();
  return Object.assign(Component, { preload, preloadCode });
}

const page = (load: Loader<object>, loadData?: DataLoader): PreloadablePage => preloadable(load, loadData);

/** The signed-in shell (header, menus, footer): the login page does not need it. */
export const AppShell = preloadable<{ children: ReactNode }>(() => import("./components/layout/AppShell"));

export const pages: PageComponents & Record<keyof PageComponents, PreloadablePage> = {
  login: page(() => import("./features/auth/LoginPage")),
  newPassword: page(() => import("./features/auth/NewPasswordPage")),
  updatePassword: page(() => import("./features/auth/UpdatePasswordPage")),
  home: page(() => import("./features/home/HomePage"), () => import("./features/home/routeData")),
  dashboard: page(() => import("./features/dashboard/DashboardPage")),
  contacts: page(() => import("./features/contacts/ContactsPage"), () => import("./features/contacts/routeData")),
  contactDetails: page(() => import("./features/contacts/ContactDetailsPage")),
  applications: page(() => import("./features/applications/ApplicationsPage")),
  applicationDetails: page(() => import("./features/applications/ApplicationDetailsPage")),
  activities: page(() => import("./features/activities/ActivitiesPage")),
  taskDetails: page(() => import("./features/activities/TaskDetailsPage")),
  eventDetails: page(() => import("./features/activities/EventDetailsPage")),
  profile: page(() => import("./features/profile/ProfilePage")),
  askSubscription: page(() => import("./features/billing/AskSubscriptionPage")),
  success: page(() => import("./features/billing/PaymentSuccessPage")),
  legalNotice: page(() => import("./features/legal/LegalNoticePage")),
  cgu: page(() => import("./features/legal/CguPage")),
  help: page(() => import("./features/help/HelpPage")),
  candidates: page(() => import("./features/candidates/CandidatesPage")),
  candidateProgress: page(() => import("./features/candidates/CandidateProgressPage")),
  agencies: page(() => import("./features/agencies/AgenciesPage")),
  agencyInsight: page(() => import("./features/insight/AgencyInsightPage")),
  platformInsight: page(() => import("./features/insight/PlatformInsightPage")),
  unsubscribe: page(() => import("./features/activities/UnsubscribePage")),
};

/**
 * At start-up, while the session check runs, fetch the screen of the public pages (login,
 * password links, legal pages) whose address was typed: it is what an anonymous visitor sees
 * next. Other addresses may belong to a signed-in user, so nothing is fetched ahead for them.
 */
export function preloadPublicPage(pathname: string): Promise<unknown> {
  if (pathname === "/") return Promise.resolve();
  const resolution = resolveRoute("anonymous", pathname, "?id=_&token=_");
  return resolution.kind === "page" ? pages[resolution.page].preload().catch(() => {}) : Promise.resolve();
}

/** Starts the screen at `path` (with its data) if `audience` may open it; resolves with its code. */
export function preloadPath(audience: Audience, path: string): Promise<unknown> {
  const [pathname = "/", search = ""] = path.split("?");
  const resolution = resolveRoute(audience, pathname, search ? `?${search}` : "");
  return resolution.kind === "page" ? pages[resolution.page].preload() : Promise.resolve();
}

/**
 * What a signed-in user sees first: the shell and the screen at `path`. Signing in waits for
 * them (lib/session.tsx `prepareSignIn`), so that the login page gives way to a complete home
 * in one step, and so does the start-up of a signed-in user (main.tsx).
 */
export function preloadSignedIn(user: User, path: string): Promise<unknown> {
  if (dataContext) dataContext.user = user;
  return Promise.all([AppShell.preload(), preloadPath(audienceOf(user), path)]).catch(() => {});
}
