// The platform admin manages an agency's API keys and webhooks from the agencies page (a modal
// each), in jsdom, against in-memory services: listed and made for that agency.
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { WebhookEventType, WebhookService } from "../../gen/tremplin/webhook/v1/webhook_pb";
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

describe("the platform admin's webhooks of an agency", () => {
  it("lists and registers an agency's endpoints from the agencies page", async () => {
    const admin = candidate({ role: Role.ADMIN });
    const keys = fakeKeys();
    const asked: { listed: string[]; created: { agencyId: string; url: string }[] } = { listed: [], created: [] };
    const routes = (r: ConnectRouter) => {
      keys.routes(r);
      r.service(WebhookService, {
        listWebhookEndpoints: (req) => {
          asked.listed.push(req.agencyId);
          return { endpoints: [] };
        },
        createWebhookEndpoint: (req) => {
          asked.created.push({ agencyId: req.agencyId, url: req.url });
          return { endpoint: { id: "e1", agencyId: req.agencyId, url: req.url, events: [WebhookEventType.CANDIDATE_CREATED], enabled: true, secretPrefix: "whsec_ab12…" }, secret: "whsec_ab12cd34" };
        },
      });
    };
    renderApp({ at: "/agencies", user: admin, ui: <AgenciesPage />, routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Webhooks de Agence Nord" }));
    const dialog = await screen.findByRole("dialog", { name: "Webhooks de Agence Nord" });
    await within(dialog).findByText("Aucune adresse enregistrée.");
    expect(within(dialog).getByText(/^Les adresses où l'agence « Agence Nord » reçoit/)).toBeTruthy();
    expect(new Set(asked.listed)).toEqual(new Set([AGENCY]));
    await user.click(within(dialog).getByRole("button", { name: "Ajouter une adresse" }));
    const url = within(dialog).getByRole("textbox", { name: /Adresse \(URL\)/ });
    await user.clear(url);
    await user.type(url, "https://ats.agence-nord.fr/tremplin");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await within(dialog).findByText("Copiez ce secret maintenant : il ne sera plus affiché.");
    expect(asked.created).toEqual([{ agencyId: AGENCY, url: "https://ats.agence-nord.fr/tremplin" }]);
  });
});
