// The « Clés d'API » panel, in jsdom, against an in-memory AgencyService that keeps keys as the
// server does: a key made with a name shows its secret once (gone once dismissed, never in the
// list), the list shows prefix, dates and revocation, revoking asks first, a blank name is
// refused before any call, and the platform admin's agency modal works on that agency's keys.
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AgencySchema, AgencyService, ApiKeySchema, type ApiKey } from "../../gen/tremplin/agency/v1/agency_pb";
import { AgencyRefSchema, Role } from "../../gen/tremplin/common/v1/common_pb";
import { candidate, renderApp } from "../../test/harness";
import { ApiKeysSection } from "./ApiKeysSection";
import AgenciesPage from "../agencies/AgenciesPage";

const AGENCY = "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f";
const at = (iso: string) => timestampFromDate(new Date(iso));

function fakeKeys(initial: ApiKey[] = []) {
  const keys = [...initial];
  const listed: string[] = [];
  const created: { name: string; agencyId: string }[] = [];
  const revoked: string[] = [];
  let n = 0;
  const routes = (r: Parameters<NonNullable<Parameters<typeof renderApp>[0]>["routes"]>[0]) =>
    r.service(AgencyService, {
      listAgencies: () => ({ agencies: [create(AgencySchema, { id: AGENCY, name: "Agence Nord", email: "nord@exemple.fr" })] }),
      listApiKeys: (req) => {
        listed.push(req.agencyId);
        return { apiKeys: keys.filter((k) => !req.agencyId || k.agency?.id === req.agencyId) };
      },
      createApiKey: (req) => {
        n++;
        created.push({ name: req.name, agencyId: req.agencyId });
        const key = create(ApiKeySchema, {
          id: `key-${n}`,
          name: req.name,
          prefix: `tpk_0000000${n}`,
          agency: create(AgencyRefSchema, { id: req.agencyId || AGENCY, name: "Agence Nord" }),
          createdDate: at("2026-11-20T10:00:00Z"),
        });
        keys.unshift(key);
        return { apiKey: key, secret: `tpk_0000000${n}_SECRETxyz${n}` };
      },
      revokeApiKey: (req) => {
        revoked.push(req.id);
        const k = keys.find((x) => x.id === req.id);
        if (k) k.revokedDate = at("2026-11-21T08:15:00Z");
        return {};
      },
    });
  return { keys, listed, created, revoked, routes };
}

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
