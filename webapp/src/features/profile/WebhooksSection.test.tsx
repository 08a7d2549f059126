// The profile's « Webhooks » panel, in jsdom, against an in-memory WebhookService: an agency
// admin adds an endpoint (URL, events as checkboxes) and sees its secret once, the server's
// refusal of a private URL shows under the field, the list shows the last deliveries, and a
// deletion asks first.
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import {
  DeliveryStatus,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEventType,
  WebhookService,
  type WebhookEndpoint,
} from "../../gen/tremplin/webhook/v1/webhook_pb";
import { candidate, renderApp } from "../../test/harness";
import { invalidFields } from "../../test/errors";
import { WebhooksSection } from "./WebhooksSection";

const agencyId = "7d2c9a50-1111-4b3c-9d8e-0a1b2c3d4e5f";
const admin = candidate({ role: Role.AGENCY_ADMIN, agency: { id: agencyId, name: "Agence Horizon" } });

function fakeService(initial: WebhookEndpoint[] = []) {
  const endpoints = [...initial];
  // The agency of each request is recorded and checked by the tests: an expect() in here would
  // only turn into a refused call, which the panel shows as a failure or swallows.
  const seen: { listed: string[]; created: unknown[]; deleted: { id: string; agencyId: string }[] } = { listed: [], created: [], deleted: [] };
  return {
    seen,
    routes: (r: ConnectRouter) =>
      r.service(WebhookService, {
        listWebhookEndpoints: (req) => {
          seen.listed.push(req.agencyId);
          return { endpoints };
        },
        createWebhookEndpoint: async (req) => {
          seen.created.push({ agencyId: req.agencyId, url: req.url, events: req.events });
          if (req.url.includes("10.0.0.5")) {
            throw await invalidFields([{ path: ["url"], ruleId: "url.webhook", message: "L'adresse doit être publique (ni privée, ni locale)" }]);
          }
          const e = create(WebhookEndpointSchema, { id: `e${endpoints.length + 1}`, agencyId, url: req.url, events: req.events, enabled: true, secretPrefix: "whsec_ab12…" });
          endpoints.push(e);
          return { endpoint: e, secret: "whsec_ab12cd34" };
        },
        deleteWebhookEndpoint: (req) => {
          seen.deleted.push({ id: req.id, agencyId: req.agencyId });
          endpoints.splice(endpoints.findIndex((e) => e.id === req.id), 1);
          return {};
        },
      }),
  };
}

const panel = () => screen.getByRole("region", { name: "Webhooks" });

describe("the webhooks panel of an agency admin", () => {
  it("adds an endpoint with the events ticked and shows its secret once", async () => {
    const fake = fakeService();
    renderApp({ at: "/profile", user: admin, ui: <WebhooksSection agencyId={agencyId} />, routes: fake.routes });
    await screen.findByText("Aucune adresse enregistrée.");
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole("button", { name: "Ajouter une adresse" }));
    const url = within(panel()).getByRole("textbox", { name: /Adresse \(URL\)/ });
    await user.clear(url);
    await user.type(url, "https://partenaire.exemple.fr/tremplin");
    await user.click(within(panel()).getByRole("checkbox", { name: "Licence expirée" }));
    await user.click(within(panel()).getByRole("button", { name: "Enregistrer" }));

    await waitFor(() => expect(screen.getByTestId("webhook-secret")).toHaveProperty("value", "whsec_ab12cd34"));
    expect(within(panel()).getByText("Copiez ce secret maintenant : il ne sera plus affiché.")).toBeTruthy();
    expect(fake.seen.created).toEqual([
      {
        agencyId,
        url: "https://partenaire.exemple.fr/tremplin",
        events: [WebhookEventType.CANDIDATE_CREATED, WebhookEventType.LICENSE_ACTIVATED, WebhookEventType.CONSENT_CHANGED],
      },
    ]);
    const list = await within(panel()).findByRole("list", { name: "Webhooks" });
    expect(within(list).getByText("https://partenaire.exemple.fr/tremplin")).toBeTruthy();
    // Listed for the agency given, every time.
    expect(fake.seen.listed.length).toBeGreaterThan(0);
    expect(new Set(fake.seen.listed)).toEqual(new Set([agencyId]));

    // Once dismissed, the secret is gone: the list shows its prefix only.
    await user.click(within(panel()).getByRole("button", { name: "J'ai copié le secret" }));
    expect(screen.queryByTestId("webhook-secret")).toBeNull();
    // (The matcher normalises whitespace, the no-break space before the colon included.)
    expect(within(list).getByText(/Secret : whsec_ab12…/)).toBeTruthy();
  });

  it("shows the server's refusal of a private address under the field, and asks for an event", async () => {
    const fake = fakeService();
    renderApp({ at: "/profile", user: admin, ui: <WebhooksSection agencyId={agencyId} />, routes: fake.routes });
    const user = userEvent.setup();
    await user.click(await within(panel()).findByRole("button", { name: "Ajouter une adresse" }));
    for (const name of ["Candidat créé", "Licence activée", "Licence expirée", "Partage de la progression modifié"]) {
      await user.click(within(panel()).getByRole("checkbox", { name }));
    }
    await user.click(within(panel()).getByRole("button", { name: "Enregistrer" }));
    expect(within(panel()).getByText("Choisissez au moins un événement")).toBeTruthy();
    expect(fake.seen.created).toEqual([]);

    await user.click(within(panel()).getByRole("checkbox", { name: "Candidat créé" }));
    const url = within(panel()).getByRole("textbox", { name: /Adresse \(URL\)/ });
    await user.clear(url);
    await user.type(url, "https://10.0.0.5/hook");
    await user.click(within(panel()).getByRole("button", { name: "Enregistrer" }));
    expect(await within(panel()).findByText("L'adresse doit être publique (ni privée, ni locale)")).toBeTruthy();
    expect(url.getAttribute("aria-invalid")).toBe("true");
  });

  it("lists the last deliveries and deletes an endpoint after confirmation", async () => {
    const at = timestampFromDate(new Date("2026-11-18T10:15:00Z"));
    const fake = fakeService([
      create(WebhookEndpointSchema, {
        id: "e1",
        agencyId,
        url: "https://partenaire.exemple.fr/tremplin",
        events: [WebhookEventType.CANDIDATE_CREATED],
        enabled: true,
        secretPrefix: "whsec_9f3a…",
        lastDeliveries: [
          create(WebhookDeliverySchema, { id: "d2", eventType: "candidate.created", status: DeliveryStatus.PENDING, attempts: 2, lastAttemptDate: at, lastStatusCode: 500 }),
          create(WebhookDeliverySchema, { id: "d1", eventType: "candidate.created", status: DeliveryStatus.SUCCEEDED, attempts: 1, lastAttemptDate: at, lastStatusCode: 200 }),
        ],
      }),
    ]);
    renderApp({ at: "/profile", user: admin, ui: <WebhooksSection agencyId={agencyId} />, routes: fake.routes });
    const deliveries = await within(panel()).findByRole("list", { name: "Derniers envois" });
    const rows = within(deliveries).getAllByRole("listitem").map((li) => li.textContent);
    expect(rows[0]).toMatch(/^En attenteCandidat créé.*2 tentatives · HTTP 500$/);
    expect(rows[1]).toMatch(/^RéussiCandidat créé.*1 tentative · HTTP 200$/);

    const user = userEvent.setup();
    await user.click(within(panel()).getByRole("button", { name: "Supprimer l'adresse https://partenaire.exemple.fr/tremplin" }));
    const dialog = await screen.findByRole("dialog");
    expect(fake.seen.deleted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(fake.seen.deleted).toEqual([{ id: "e1", agencyId }]));
    expect(fake.seen.listed.length).toBeGreaterThan(0);
    expect(new Set(fake.seen.listed)).toEqual(new Set([agencyId]));
    // (The dialog may still be closing: the text, not the region, is looked for.)
    expect(await screen.findByText("Aucune adresse enregistrée.")).toBeTruthy();
  });
});
