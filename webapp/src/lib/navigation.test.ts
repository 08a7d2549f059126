import { describe, expect, it } from "vitest";
import { Civility, Role } from "../gen/tremplin/common/v1/common_pb";
import { isCurrentSection, isFemale, mainMenu, roleLabel, userMenu } from "./navigation";

describe("main menu by role", () => {
  it("candidate: dashboard, network, activities, opportunities", () => {
    expect(mainMenu({ role: Role.CANDIDATE }).map(({ to, label }) => ({ to, label }))).toEqual([
      { to: "/dashboard", label: "Tableau de bord" },
      { to: "/contacts", label: "Mon réseau" },
      { to: "/activities", label: "Activités" },
      { to: "/applications", label: "Opportunités" },
    ]);
  });
  it("agency admin: candidates and the agency's insight", () => {
    expect(mainMenu({ role: Role.AGENCY_ADMIN }).map(({ to, label }) => ({ to, label }))).toEqual([
      { to: "/candidates", label: "Candidats" },
      { to: "/insight", label: "Suivi de l'agence" },
    ]);
  });
  it("admin: candidates, agencies and the platform's insight", () => {
    expect(mainMenu({ role: Role.ADMIN }).map(({ to, label }) => ({ to, label }))).toEqual([
      { to: "/candidates", label: "Candidats" },
      { to: "/agencies", label: "Agences" },
      { to: "/insight", label: "Suivi de la plateforme" },
    ]);
  });
  it("an unknown role is an error", () => {
    expect(() => mainMenu({ role: Role.UNSPECIFIED })).toThrow();
  });
});

describe("user dropdown", () => {
  const labels = (items: ReturnType<typeof userMenu>) => items.map((i) => i.label);
  it("offers Premium only to a candidate lacking premium access", () => {
    expect(labels(userMenu({ role: Role.CANDIDATE, hasPremiumAccess: false }))).toEqual([
      "Mon profil",
      "Abonnement Premium",
      "Aide",
      "Mentions légales",
      "Se déconnecter",
    ]);
    expect(labels(userMenu({ role: Role.CANDIDATE, hasPremiumAccess: true }))).not.toContain("Abonnement Premium");
    expect(labels(userMenu({ role: Role.AGENCY_ADMIN, hasPremiumAccess: false }))).toEqual([
      "Mon profil",
      "Aide",
      "Mentions légales",
      "Se déconnecter",
    ]);
  });
  it("picks the icon from the civility", () => {
    expect(isFemale({ civility: Civility.FEMALE })).toBe(true);
    expect(isFemale({ civility: Civility.MALE })).toBe(false);
    expect(isFemale({ civility: Civility.OTHER })).toBe(false);
    expect(isFemale({ civility: Civility.UNSPECIFIED })).toBe(false);
  });
});

describe("role label", () => {
  it("follows the civility", () => {
    expect(roleLabel({ role: Role.ADMIN, civility: Civility.FEMALE })).toBe("Administratrice de la plateforme");
    expect(roleLabel({ role: Role.ADMIN, civility: Civility.MALE })).toBe("Administrateur de la plateforme");
    expect(roleLabel({ role: Role.AGENCY_ADMIN, civility: Civility.FEMALE })).toBe("Administratrice d'agence");
    expect(roleLabel({ role: Role.CANDIDATE, civility: Civility.OTHER })).toBe("Candidat");
    expect(roleLabel({ role: Role.CANDIDATE, civility: Civility.FEMALE })).toBe("Candidate");
  });
});

describe("isCurrentSection", () => {
  const candidateMenu = mainMenu({ role: Role.CANDIDATE });
  const entry = (to: string) => candidateMenu.find((item) => item.to === to)!;
  it("marks a section on its own page and on its detail pages", () => {
    expect(isCurrentSection(entry("/contacts"), "/contacts")).toBe(true);
    expect(isCurrentSection(entry("/contacts"), "/contact/0196a")).toBe(true);
    expect(isCurrentSection(entry("/activities"), "/task/1")).toBe(true);
    expect(isCurrentSection(entry("/activities"), "/event/1")).toBe(true);
    expect(isCurrentSection(entry("/applications"), "/application/1")).toBe(true);
  });
  it("does not mark other sections", () => {
    expect(isCurrentSection(entry("/contacts"), "/applications")).toBe(false);
    expect(isCurrentSection(entry("/applications"), "/contact/1")).toBe(false);
    expect(isCurrentSection(entry("/dashboard"), "/")).toBe(false);
  });
});
