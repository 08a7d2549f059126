// The agencies screen in the app, in jsdom, against an in-memory AgencyService: a licence
// allocation retried after a failure carries the same idempotency key (the server adds the
// licences once); another number is another request, with another key. A list that cannot load
// says so, never « no agency yet ».
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { App } from "../../App";
import { AppProviders } from "../../AppProviders";
import { AuthService } from "../../gen/tremplin/auth/v1/auth_pb";
import { AgencySchema, AgencyService, type AllocateLicensesRequest } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role, UserSchema } from "../../gen/tremplin/common/v1/common_pb";
import { createQueryClient } from "../../lib/queryClient";
import { expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";

const AGENCY_ID = "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f";

function renderAgencies({ failFirst, broken }: { failFirst: boolean; broken?: { on: boolean } }) {
  const requests: AllocateLicensesRequest[] = [];
  const added = new Set<string>();
  let total = 5;
  const agency = () =>
    create(AgencySchema, { id: AGENCY_ID, name: "Agence Nord", email: "nord@exemple.fr", numTotalLicenses: total, numRemainingLicenses: total });
  const transport = createRouterTransport(({ service }) => {
    service(AuthService, {
      me: () => ({ user: create(UserSchema, { id: "a1", role: Role.ADMIN, firstName: "Camille" }) }),
    });
    service(AgencyService, {
      listAgencies: () => {
        // While broken.on, the list fails as a dropped connection would.
        if (broken?.on) throw new ConnectError("fetch failed", Code.Unavailable);
        return { agencies: [agency()] };
      },
      allocateLicenses: (req) => {
        requests.push(req);
        // The server's idempotency: a known key adds nothing again.
        if (!added.has(req.idempotencyKey)) {
          added.add(req.idempotencyKey);
          total += req.numLicensesToAllocate;
        }
        // The answer is lost the first time (the licences were added all the same).
        if (failFirst && requests.length === 1) throw serverError(Code.Unavailable, undefined, "réseau");
        return { agency: agency() };
      },
    });
  });
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/agencies"]}>{children}</MemoryRouter>;
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()} Router={Router}>
      <App />
    </AppProviders>,
  );
  return { requests, total: () => total };
}

async function openLicences(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole("button", { name: "Ajouter des licences à Agence Nord" }, { timeout: 15_000 }));
  return within(await screen.findByRole("dialog", { name: "Ajouter des licences" }));
}

describe("adding licences", () => {
  it("sends a retry with the same key, so the licences are added once", async () => {
    const u = userEvent.setup();
    const s = renderAgencies({ failFirst: true });
    const dialog = await openLicences(u);
    await u.type(dialog.getByRole("textbox", { name: /^Nombre de licences/ }), "3");
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    expect(await dialog.findByText("Erreur lors de l'ajout des licences")).toBeTruthy();
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    expect(await screen.findByText(/^3\slicences ajoutées à l'agence$/)).toBeTruthy();
    expect(s.requests).toHaveLength(2);
    expect(s.requests[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(s.requests[1]!.idempotencyKey).toBe(s.requests[0]!.idempotencyKey);
    expect(s.total()).toBe(8);
  });

  it("names another number another request", async () => {
    const u = userEvent.setup();
    const s = renderAgencies({ failFirst: true });
    const dialog = await openLicences(u);
    const count = dialog.getByRole("textbox", { name: /^Nombre de licences/ });
    await u.type(count, "3");
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    await dialog.findByText("Erreur lors de l'ajout des licences");
    await u.clear(count);
    await u.type(count, "4");
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    await screen.findByText(/^4\slicences ajoutées à l'agence$/);
    expect(s.requests[1]!.idempotencyKey).not.toBe(s.requests[0]!.idempotencyKey);
  });

  it("refuses an empty or out-of-range number without calling", async () => {
    const u = userEvent.setup();
    const s = renderAgencies({ failFirst: false });
    const dialog = await openLicences(u);
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    expect(await dialog.findByText("Ce champ est obligatoire")).toBeTruthy();
    await u.type(dialog.getByRole("textbox", { name: /^Nombre de licences/ }), "10001");
    await u.click(dialog.getByRole("button", { name: "Ajouter les licences" }));
    expect(await dialog.findByText("Indiquez un nombre entier entre 1 et 10 000")).toBeTruthy();
    expect(s.requests).toHaveLength(0);
  });
});

describe("the agencies list", () => {
  it("says the list could not load instead of « no agency yet », and loads it on « Réessayer »", async () => {
    const broken = { on: true };
    renderAgencies({ failFirst: false, broken });
    expect((await screen.findByTestId("load-error", {}, { timeout: 15_000 })).textContent).toContain("Impossible de charger les agences.");
    expect(screen.getByTestId("agencies-count").textContent).toBe("");
    expect(screen.queryByText("Aucune agence pour l'instant")).toBeNull();
    await expectNoGenericError();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("button", { name: "Ajouter des licences à Agence Nord" })).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
    expect(screen.getByTestId("agencies-count").textContent).toBe("1\u00a0agence");
  });
});
