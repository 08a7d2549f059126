// Every screen is loaded lazily: the login page stays small, and the screens of later issues
// arrive as placeholders.
import { lazy, type ComponentType } from "react";
import type { PageComponents } from "./AppRoutes";
import { resolveRoute } from "./lib/routes";

type Loader = () => Promise<{ default: ComponentType }>;
type PreloadablePage = ComponentType & { preload: Loader };

/**
 * React.lazy, plus a way to start downloading the screen before it is rendered. A screen
 * already downloaded renders at once, without suspending (React holds a revealed Suspense
 * boundary back for a few hundred milliseconds).
 */
function page(load: Loader): PreloadablePage {
  let ready: ComponentType | undefined;
  const preload: Loader = () =>
    load().then((module) => {
      ready = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    const Ready = ready;
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

export const pages: PageComponents & Record<keyof PageComponents, PreloadablePage> = {
  login: page(() => import("./features/auth/LoginPage")),
  newPassword: page(() => import("./features/auth/NewPasswordPage")),
  updatePassword: page(() => import("./features/auth/UpdatePasswordPage")),
  home: page(() => import("./features/home/HomePage")),
  dashboard: page(() => import("./features/dashboard/DashboardPage")),
  contacts: page(() => import("./features/contacts/ContactsPage")),
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
  agencies: page(() => import("./features/agencies/AgenciesPage")),
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
