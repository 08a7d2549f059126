// The header menu by audience (spec section 2).
import { Civility, Role, type User } from "../gen/tremplin/common/v1/common_pb";
import { messages } from "./messages";
import { audienceOf } from "./routes";
import { screenMessages } from "./messages/screens";

/** A menu entry; `also` lists the path prefixes of its detail pages (/contact/…). */
export type MenuItem = { to: string; label: string; also?: string[] };

/** The entry is the current section: its page, or one of its detail pages. */
export function isCurrentSection(item: MenuItem, pathname: string): boolean {
  return pathname === item.to || pathname.startsWith(item.to + "/") || (item.also ?? []).some((prefix) => pathname.startsWith(prefix));
}

const m = { ...messages.nav, ...screenMessages.shell };

/** The main menu of a signed-in user. An unknown role is an error (audienceOf throws). */
export function mainMenu(user: Pick<User, "role">): MenuItem[] {
  switch (audienceOf(user)) {
    case "candidate":
      return [
        { to: "/dashboard", label: m.dashboard },
        { to: "/contacts", label: m.contacts, also: ["/contact/"] },
        { to: "/activities", label: m.activities, also: ["/task/", "/event/"] },
        { to: "/applications", label: m.applications, also: ["/application/"] },
      ];
    case "agency-admin":
      return [
        { to: "/candidates", label: m.candidates },
        { to: "/insight", label: m.agencyInsight },
      ];
    case "admin":
      return [
        { to: "/candidates", label: m.candidates },
        { to: "/agencies", label: m.agencies },
        { to: "/insight", label: m.platformInsight },
      ];
    case "anonymous":
      return [];
  }
}

export type UserMenuItem =
  | { kind: "link"; key: string; to: string; label: string }
  | { kind: "logout"; key: string; label: string };

/**
 * The user dropdown: profile, Premium subscription (only for a candidate lacking premium
 * access: the subscription page exists for candidates only), help, legal notice, logout.
 */
export function userMenu(user: Pick<User, "role" | "hasPremiumAccess">): UserMenuItem[] {
  const items: UserMenuItem[] = [{ kind: "link", key: "profile", to: "/profile", label: m.profile }];
  if (user.role === Role.CANDIDATE && !user.hasPremiumAccess) {
    items.push({ kind: "link", key: "premium", to: "/ask-subscription", label: m.premium });
  }
  items.push(
    { kind: "link", key: "help", to: "/help", label: m.help },
    { kind: "link", key: "legal", to: "/legal-notice", label: m.legalNotice },
    { kind: "logout", key: "logout", label: m.logout },
  );
  return items;
}

export function isFemale(user: Pick<User, "civility">): boolean {
  return user.civility === Civility.FEMALE;
}

/** The role as the header shows it, in the feminine for a woman. */
export function roleLabel(user: Pick<User, "role" | "civility">): string {
  const female = isFemale(user);
  switch (audienceOf(user)) {
    case "candidate":
      return female ? m.roles.candidateFemale : m.roles.candidate;
    case "agency-admin":
      return female ? m.roles.agencyAdminFemale : m.roles.agencyAdmin;
    case "admin":
      return female ? m.roles.adminFemale : m.roles.admin;
    default:
      return "";
  }
}
