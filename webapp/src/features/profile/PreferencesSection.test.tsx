// The task e-mails are a candidate's: the profile of an agency admin or of the platform admin
// offers no switch for them (the server refuses to turn them on for staff), a candidate's does.
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { Role, UserStatus } from "../../gen/tremplin/common/v1/common_pb";
import { candidate, renderApp } from "../../test/harness";

const SWITCH = "Recevoir chaque matin par e-mail les tâches du jour";

describe("the task e-mails switch", () => {
  it.each([
    ["an agency admin", Role.AGENCY_ADMIN],
    ["the platform admin", Role.ADMIN],
  ])("is not offered to %s", async (_, role) => {
    const staff = candidate({ role, status: UserStatus.UNSPECIFIED, hasPremiumAccess: false, agency: { id: "ag", name: "Agence Nord" } });
    renderApp({ at: "/profile", user: staff });
    expect(await screen.findByRole("heading", { level: 1, name: "Mon profil" }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole("textbox", { name: /^Prénom/ })).toBeTruthy();
    expect(screen.queryByRole("switch", { name: SWITCH })).toBeNull();
    expect(screen.queryByText(SWITCH)).toBeNull();
  });

  it("is offered to a candidate", async () => {
    renderApp({ at: "/profile", user: candidate() });
    expect(await screen.findByRole("switch", { name: SWITCH }, { timeout: 15_000 })).toBeTruthy();
  });
});
