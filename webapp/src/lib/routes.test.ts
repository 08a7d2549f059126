import { describe, expect, it } from "vitest";
import { Role } from "../gen/tremplin/common/v1/common_pb";
import { audienceOf, hasLinkParams, landingAfterLogin, loginPath, resolveRoute, routePattern, safeNext, UnknownRoleError, type Audience } from "./routes";

// The route map of the specification, section 2, written out again independently.
const allowed: Record<Audience, string[]> = {
  candidate: [
    "/",
    "/dashboard",
    "/contacts",
    "/contact/42",
    "/applications",
    "/application/42",
    "/activities",
    "/task/42",
    "/event/42",
    "/profile",
    "/ask-subscription",
    "/success",
    "/legal-notice",
    "/cgu",
    "/help",
    "/unsubscribe?token=t",
  ],
  "agency-admin": ["/candidates", "/candidates/42/progress", "/insight", "/profile", "/legal-notice", "/help", "/unsubscribe?token=t"],
  admin: ["/agencies", "/insight", "/agencies/42/insight", "/candidates", "/profile", "/legal-notice", "/help", "/unsubscribe?token=t"],
  anonymous: ["/login", "/new-password?id=1&token=t", "/update-password?id=1&token=t", "/cgu", "/legal-notice", "/unsubscribe?token=t"],
};
const start: Record<Audience, string> = {
  candidate: "/",
  "agency-admin": "/candidates",
  admin: "/agencies",
  anonymous: "/login",
};
const everyPath = [...new Set(Object.values(allowed).flat())];

function resolve(audience: Audience, url: string) {
  const [pathname = "/", search = ""] = url.split("?");
  return resolveRoute(audience, pathname, search ? `?${search}` : "");
}

describe.each(Object.keys(allowed) as Audience[])("route guard for %s", (audience) => {
  it.each(allowed[audience])("opens %s", (url) => {
    expect(resolve(audience, url).kind).toBe("page");
  });

  const others = [...everyPath.filter((p) => !allowed[audience].includes(p)), "/inconnu", "/contact", "/contact/1/2"];
  it.each(others)(`redirects %s to ${start[audience]}`, (url) => {
    expect(resolve(audience, url)).toEqual({ kind: "redirect", to: start[audience] });
  });
});

describe("password links", () => {
  it.each(["", "?id=1", "?token=t", "?id=&token=t", "?id=1&token=%20"])("need both id and token (%s)", (search) => {
    expect(resolveRoute("anonymous", "/new-password", search)).toEqual({ kind: "redirect", to: "/login" });
    expect(resolveRoute("anonymous", "/update-password", search)).toEqual({ kind: "redirect", to: "/login" });
  });
  it("carry the link parameters", () => {
    expect(hasLinkParams("?id=5f1c&token=abc")).toBe(true);
  });
  it("are not for signed-in users", () => {
    expect(resolveRoute("candidate", "/new-password", "?id=1&token=t")).toEqual({ kind: "redirect", to: "/" });
  });
});

describe("details routes", () => {
  it("hand the id to the page", () => {
    expect(resolveRoute("candidate", "/application/abc-123")).toEqual({
      kind: "page",
      page: "applicationDetails",
      params: { id: "abc-123" },
    });
  });
});

describe("the insight screens", () => {
  it("are the agency's for its admin, the platform's for the platform admin", () => {
    expect(resolveRoute("agency-admin", "/insight")).toEqual({ kind: "page", page: "agencyInsight", params: {} });
    expect(resolveRoute("admin", "/insight")).toEqual({ kind: "page", page: "platformInsight", params: {} });
  });
  it("open any agency's for the platform admin only", () => {
    expect(resolveRoute("admin", "/agencies/ag-1/insight")).toEqual({ kind: "page", page: "agencyInsight", params: { id: "ag-1" } });
    expect(resolveRoute("agency-admin", "/agencies/ag-1/insight")).toEqual({ kind: "redirect", to: "/candidates" });
  });
});

describe("route patterns", () => {
  it("name the route map's entry, never the id nor the query", () => {
    expect(routePattern("candidate", "/contact/0192f3a4-7b1c-7def-8123-456789abcdef")).toBe("/contact/:id");
    expect(routePattern("agency-admin", "/candidates/42/progress")).toBe("/candidates/:id/progress");
    expect(routePattern("admin", "/agencies/ag-1/insight")).toBe("/agencies/:id/insight");
    expect(routePattern("candidate", "/activities", "?type=task&overdue=1")).toBe("/activities");
  });
  it("are none for a path the audience cannot open, nor for a password link without its parameters", () => {
    expect(routePattern("candidate", "/agencies")).toBeUndefined();
    expect(routePattern("anonymous", "/contact/7")).toBeUndefined();
    expect(routePattern("anonymous", "/new-password")).toBeUndefined();
    expect(routePattern("anonymous", "/new-password", "?id=1&token=t")).toBe("/new-password");
  });
});

describe("audienceOf", () => {
  it("maps roles to audiences", () => {
    expect(audienceOf(undefined)).toBe("anonymous");
    expect(audienceOf({ role: Role.CANDIDATE })).toBe("candidate");
    expect(audienceOf({ role: Role.AGENCY_ADMIN })).toBe("agency-admin");
    expect(audienceOf({ role: Role.ADMIN })).toBe("admin");
  });
  it("treats an unknown role as an error", () => {
    expect(() => audienceOf({ role: Role.UNSPECIFIED })).toThrow(UnknownRoleError);
    expect(() => audienceOf({ role: 42 as Role })).toThrow(/Rôle d'utilisateur inconnu/);
  });
});

describe("landing after login", () => {
  const candidate = { role: Role.CANDIDATE, isB2c: false, hasPremiumAccess: true };
  it("is each audience's start page", () => {
    expect(landingAfterLogin(candidate)).toBe("/");
    expect(landingAfterLogin({ role: Role.AGENCY_ADMIN, isB2c: false, hasPremiumAccess: false })).toBe("/candidates");
    expect(landingAfterLogin({ role: Role.ADMIN, isB2c: false, hasPremiumAccess: false })).toBe("/agencies");
  });
  it("offers the subscription page to a B2C candidate without premium access", () => {
    expect(landingAfterLogin({ role: Role.CANDIDATE, isB2c: true, hasPremiumAccess: false }, "/contacts")).toBe(
      "/ask-subscription",
    );
    expect(landingAfterLogin({ role: Role.CANDIDATE, isB2c: true, hasPremiumAccess: true })).toBe("/");
  });
  it("returns to the page first asked for when the audience may see it", () => {
    expect(landingAfterLogin(candidate, "/contact/7")).toBe("/contact/7");
    expect(landingAfterLogin(candidate, "/activities?type=event")).toBe("/activities?type=event");
    expect(landingAfterLogin(candidate, "/agencies")).toBe("/");
    expect(landingAfterLogin(candidate, "/login")).toBe("/");
    expect(landingAfterLogin({ role: Role.ADMIN, isB2c: false, hasPremiumAccess: false }, "/dashboard")).toBe("/agencies");
  });
});

describe("the login's next", () => {
  it.each(["/contacts", "/task/5f0f7b1e?from=mail", "/activities?type=event&day=2026-11-27", "/profile#dashboardTresholds", "/contact/a%2Fb"])(
    "keeps an address of the site (%s)",
    (next) => {
      expect(safeNext(next)).toBe(next);
    },
  );

  it.each([
    "//evil.example",
    "//evil.example/contacts",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/contacts",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "",
    "/",
    "/login",
    "/login?next=%2Fcontacts",
  ])("drops %j", (next) => {
    expect(safeNext(next)).toBeUndefined();
  });

  it("is written in the login address only when there is somewhere to return", () => {
    expect(loginPath("/task/42?x=1")).toBe("/login?next=%2Ftask%2F42%3Fx%3D1");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("//evil.example")).toBe("/login");
    expect(loginPath("/login?next=%2Ftask%2F42")).toBe("/login?next=%2Ftask%2F42");
  });

  it("lands on a next with a fragment", () => {
    const candidate = { role: Role.CANDIDATE, isB2c: false, hasPremiumAccess: true };
    expect(landingAfterLogin(candidate, "/profile#dashboardTresholds")).toBe("/profile#dashboardTresholds");
  });
});
