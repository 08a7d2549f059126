import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation, useParams } from "react-router";
import { AppRoutes, type PageComponents } from "./AppRoutes";
import type { Audience, PageKey } from "./lib/routes";

const keys: PageKey[] = [
  "login", "newPassword", "updatePassword", "home", "dashboard", "contacts", "contactDetails",
  "applications", "applicationDetails", "activities", "taskDetails", "eventDetails", "profile",
  "askSubscription", "success", "legalNotice", "cgu", "help", "candidates", "candidateProgress", "agencies",
  "agencyInsight", "platformInsight", "unsubscribe",
];

function Stub({ name }: { name: PageKey }) {
  const { id } = useParams();
  return (
    <p>
      page:{name}
      {id ? ` id:${id}` : ""}
    </p>
  );
}

const stubs = Object.fromEntries(keys.map((k) => [k, () => <Stub name={k} />])) as unknown as PageComponents;

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderAt(audience: Audience, url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes audience={audience} pages={stubs} />
      <Location />
    </MemoryRouter>,
  );
  return {
    page: () => screen.getByText(/^page:/).textContent,
    location: () => screen.getByLabelText("location").textContent,
  };
}

describe("AppRoutes", () => {
  it("sends an anonymous visitor to /login, remembering the address", () => {
    const r = renderAt("anonymous", "/contact/7?tab=notes");
    expect(r.location()).toBe("/login?next=%2Fcontact%2F7%3Ftab%3Dnotes");
    expect(r.page()).toBe("page:login");
  });

  it("opens the password pages only with id and token", () => {
    expect(renderAt("anonymous", "/new-password?id=1&token=abc").page()).toBe("page:newPassword");
  });

  it("redirects a password page without token to /login", () => {
    const r = renderAt("anonymous", "/update-password?id=1");
    expect(r.location()).toBe("/login");
    expect(r.page()).toBe("page:login");
  });

  it("redirects the agency admin's / to /candidates", () => {
    const r = renderAt("agency-admin", "/");
    expect(r.location()).toBe("/candidates");
    expect(r.page()).toBe("page:candidates");
  });

  it("redirects the platform admin's unknown paths to /agencies", () => {
    const r = renderAt("admin", "/dashboard");
    expect(r.location()).toBe("/agencies");
  });

  it("redirects a candidate's unknown path to the home page", () => {
    const r = renderAt("candidate", "/agencies");
    expect(r.location()).toBe("/");
    expect(r.page()).toBe("page:home");
  });

  it("opens the agency's insight at the agency admin's /insight", () => {
    expect(renderAt("agency-admin", "/insight").page()).toBe("page:agencyInsight");
  });

  it("opens the platform's insight at the platform admin's /insight", () => {
    expect(renderAt("admin", "/insight").page()).toBe("page:platformInsight");
  });

  it("gives an agency's insight its id", () => {
    expect(renderAt("admin", "/agencies/ag-7/insight").page()).toBe("page:agencyInsight id:ag-7");
  });

  it("gives the details pages their id", () => {
    expect(renderAt("candidate", "/event/ev-9").page()).toBe("page:eventDetails id:ev-9");
  });
});
