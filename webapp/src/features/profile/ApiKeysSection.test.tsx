// The « Clés d'API » panel, in jsdom, against an in-memory AgencyService that keeps keys as the
// server does: a key made with a name shows its secret once (gone once dismissed, never in the
// list), the list shows prefix, dates and revocation, revoking asks first, a blank name is
// refused before any call.
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { ApiKeySchema } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { AGENCY, at, fakeKeys } from "../../test/apiKeys";
import { candidate, renderApp } from "../../test/harness";
import { ApiKeysSection } from "./ApiKeysSection";

const agencyAdmin = candidate({ role: Role.AGENCY_ADMIN, agency: { id: AGENCY, name: "Agence Nord" } });
const panel = () => screen.getByRole("region", { name: "Clés d'API" });

describe("the API keys panel of an agency admin", () => {
  it("creates a key with a name and shows its secret once, with a warning and a copy button", async () => {
    const fake = fakeKeys();
    renderApp({ at: "/profile", user: agencyAdmin, ui: <ApiKeysSection />, routes: fake.routes });
    expect(await within(panel()).findByText("Aucune clé pour l'instant.")).toBeTruthy();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.type(within(panel()).getByRole("textbox", { name: /Nom de la clé/ }), "  ATS Horizon ");
    await user.click(within(panel()).getByRole("button", { name: "Créer une clé" }));

    const shown = await within(panel()).findByRole("alert", { name: "Votre nouvelle clé" });
    expect(fake.created).toEqual([{ name: "ATS Horizon", agencyId: "" }]);
    expect(shown.textContent).toContain("elle ne sera plus jamais affichée");
    expect((within(shown).getByTestId("api-key-secret") as HTMLInputElement).value).toBe("tpk_00000001_SECRETxyz1");
    await user.click(within(shown).getByRole("button", { name: "Copier la clé" }));
    expect(writeText).toHaveBeenCalledWith("tpk_00000001_SECRETxyz1");

    // Listed by its prefix and dates; the secret is in no row.
    const row = await within(panel()).findByRole("listitem", { name: "ATS Horizon" });
    expect(row.textContent).toContain("tpk_00000001…");
    expect(row.textContent).toContain("Créée le20/11/2026");
    expect(row.textContent).toContain("Jamais utilisée");
    expect(row.textContent).not.toContain("SECRET");

    // Dismissed: never shown again.
    await user.click(within(shown).getByRole("button", { name: "J'ai copié la clé" }));
    expect(within(panel()).queryByRole("alert", { name: "Votre nouvelle clé" })).toBeNull();
    expect(panel().textContent).not.toContain("SECRET");
  });

  it("refuses a blank name before calling the server", async () => {
    const fake = fakeKeys();
    renderApp({ at: "/profile", user: agencyAdmin, ui: <ApiKeysSection />, routes: fake.routes });
    await within(panel()).findByText("Aucune clé pour l'instant.");
    const user = userEvent.setup();
    await user.type(within(panel()).getByRole("textbox", { name: /Nom de la clé/ }), "   ");
    await user.click(within(panel()).getByRole("button", { name: "Créer une clé" }));
    expect(await within(panel()).findByText("Ce champ est obligatoire")).toBeTruthy();
    expect(fake.created).toEqual([]);
  });

  it("revokes a key only once confirmed, and shows it revoked", async () => {
    const fake = fakeKeys([
      create(ApiKeySchema, {
        id: "k1",
        name: "CRM",
        prefix: "tpk_1a2b3c4d",
        agency: { id: AGENCY, name: "Agence Nord" },
        createdDate: at("2026-11-02T09:00:00Z"),
        lastUsedDate: at("2026-11-19T14:05:00Z"),
      }),
    ]);
    renderApp({ at: "/profile", user: agencyAdmin, ui: <ApiKeysSection />, routes: fake.routes });
    const row = await within(panel()).findByRole("listitem", { name: "CRM" });
    expect(row.textContent).toContain("Active");
    expect(row.textContent).toMatch(/Dernière utilisation19\/11\/2026 à \d\d:05/);
    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: "Révoquer la clé CRM" }));
    const ask = within(row).getByRole("alertdialog", { name: "Révoquer la clé CRM" });
    await user.click(within(ask).getByRole("button", { name: "Annuler" }));
    expect(fake.revoked).toEqual([]);

    await user.click(within(row).getByRole("button", { name: "Révoquer la clé CRM" }));
    await user.click(within(row).getByRole("button", { name: "Révoquer définitivement" }));
    await waitFor(() => expect(within(panel()).getByRole("listitem", { name: "CRM" }).textContent).toContain("Révoquée le"));
    expect(fake.revoked).toEqual(["k1"]);
    expect(within(panel()).queryByRole("button", { name: "Révoquer la clé CRM" })).toBeNull();
  });
});
