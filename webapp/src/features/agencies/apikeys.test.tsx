// The platform admin manages an agency's API keys from the agencies page (a modal), in jsdom,
// against an in-memory AgencyService: listed and made for that agency.
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { AGENCY, fakeKeys } from "../../test/apiKeys";
import { candidate, renderApp } from "../../test/harness";
import AgenciesPage from "./AgenciesPage";

describe("the platform admin's API keys", () => {
  it("manages an agency's keys from the agencies page", async () => {
    const admin = candidate({ role: Role.ADMIN });
    const fake = fakeKeys();
    renderApp({ at: "/agencies", user: admin, ui: <AgenciesPage />, routes: fake.routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Clés d'API de Agence Nord" }));
    const dialog = await screen.findByRole("dialog", { name: "Clés d'API de Agence Nord" });
    await within(dialog).findByText("Aucune clé pour l'instant.");
    expect(fake.listed).toContain(AGENCY);
    await user.type(within(dialog).getByRole("textbox", { name: /Nom de la clé/ }), "ATS");
    await user.click(within(dialog).getByRole("button", { name: "Créer une clé" }));
    await within(dialog).findByRole("alert", { name: "Votre nouvelle clé" });
    expect(fake.created).toEqual([{ name: "ATS", agencyId: AGENCY }]);
  });
});
