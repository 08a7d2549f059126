// The candidates screen in the app, in jsdom, against an in-memory AgencyService: what an
// agency admin's candidate modal sends, deletion of the ticked candidates (one call each, after
// the data-loss warning), the server's refusal of free access shown word for word, and a list
// that cannot load saying so, never « no candidate yet ».
// The first screen loads lazily: on a busy machine its first render may take a while.
import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { App } from "../../App";
import { AppProviders } from "../../AppProviders";
import { AuthService } from "../../gen/tremplin/auth/v1/auth_pb";
import { AgencyService, CandidateStatusCountsSchema, type CreateCandidateRequest } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role, UserSchema, UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { createQueryClient } from "../../lib/queryClient";
import { serverError } from "../../test/errors";

const AGENCY = { id: "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f", name: "Agence Nord" };

function person(id: string, firstName: string, lastName: string, status: UserStatus): User {
  return create(UserSchema, { id, role: Role.CANDIDATE, firstName, lastName, email: `${firstName.toLowerCase()}@exemple.fr`, status, agency: AGENCY });
}

function renderCandidates({ broken }: { broken?: { on: boolean } } = {}) {
  const candidates = [
    person("c1", "Inès", "MOREL", UserStatus.WITH_VALID_LICENSE),
    person("c2", "Louis", "FABRE", UserStatus.WITH_PENDING_LICENSE),
    person("c3", "Nadia", "HADDAD", UserStatus.JUST_CREATED),
  ];
  const deleted: string[] = [];
  const created: CreateCandidateRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(AuthService, {
      me: () => ({ user: create(UserSchema, { id: "aa", role: Role.AGENCY_ADMIN, firstName: "Karim", agency: AGENCY }) }),
    });
    service(AgencyService, {
      listCandidates: () => {
        // While broken.on, the list fails as a dropped connection would.
        if (broken?.on) throw new ConnectError("fetch failed", Code.Unavailable);
        return {
          candidates,
          counts: create(CandidateStatusCountsSchema, { all: candidates.length, withValidLicense: 1, withPendingLicense: 1, justCreated: 1 }),
        };
      },
      createCandidate: (req) => {
        created.push(req);
        return { candidate: person("c9", req.firstName, req.lastName, UserStatus.WITH_PENDING_LICENSE), invitationSent: true };
      },
      deleteCandidate: (req) => {
        deleted.push(req.id);
        candidates.splice(candidates.findIndex((c) => c.id === req.id), 1);
        return {};
      },
      setFreeAccess: () => {
        throw serverError(Code.FailedPrecondition, "FREE_ACCESS_WITH_LICENSE", "Impossible de donner un accès gratuit à un candidat avec licence.");
      },
    });
  });
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/candidates"]}>{children}</MemoryRouter>;
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()} Router={Router}>
      <App />
    </AppProviders>,
  );
  return { deleted, created };
}

describe("candidates of an agency admin", () => {
  it("asks for ticks first, then deletes the ticked ones, one call each, after the warning", async () => {
    const u = userEvent.setup();
    const s = renderCandidates();
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await u.click(screen.getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Cochez d'abord les candidats à supprimer")).toBeTruthy();
    expect(s.deleted).toEqual([]);

    await u.click(table.getByRole("checkbox", { name: "Cocher Inès MOREL" }));
    await u.click(table.getByRole("checkbox", { name: "Cocher Nadia HADDAD" }));
    await u.click(screen.getByRole("button", { name: "Supprimer (2)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Supprimer 2 candidats\u00a0?" }));
    expect(dialog.getByTestId("delete-warning").textContent).toMatch(/définitivement perdues.*opportunités, activités et réseau de contacts/);
    await u.click(dialog.getByRole("button", { name: "Supprimer définitivement" }));
    await waitFor(() => expect([...s.deleted].sort()).toEqual(["c1", "c3"]));
    expect(await screen.findByText("2 candidats ont été supprimés")).toBeTruthy();
    await waitFor(() => expect(table.queryByText("HADDAD")).toBeNull());
    expect(table.getByText("FABRE")).toBeTruthy();
  });

  it("creates a candidate of their agency, with neither agency nor B2C in the request", async () => {
    const u = userEvent.setup();
    const s = renderCandidates();
    await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 });
    await u.click(screen.getByRole("button", { name: "Ajouter un candidat" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nouveau candidat" }));
    expect(dialog.queryByRole("switch")).toBeNull();
    await u.type(dialog.getByRole("textbox", { name: /^E-mail/ }), "emma@exemple.fr");
    await u.type(dialog.getByRole("textbox", { name: /^Nom$/ }), "roussel");
    await u.click(dialog.getByRole("button", { name: "Créer le candidat" }));
    expect(await screen.findByText("Le candidat a été créé et invité par e-mail")).toBeTruthy();
    expect(s.created).toHaveLength(1);
    expect(s.created[0]).toMatchObject({ email: "emma@exemple.fr", lastName: "ROUSSEL", id: "" });
    expect(s.created[0]!.isB2c).toBeUndefined();
  });

  it("shows the server's refusal of free access word for word", async () => {
    const u = userEvent.setup();
    renderCandidates();
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await u.click(table.getByRole("button", { name: "Actions pour Inès MOREL" }));
    await u.click(await screen.findByRole("menuitem", { name: "Donner un accès gratuit" }));
    expect(await screen.findByText("Impossible de donner un accès gratuit à un candidat avec licence.")).toBeTruthy();
  });

  it("says the list could not load instead of « no candidate yet », and loads it on « Réessayer »", async () => {
    const broken = { on: true };
    renderCandidates({ broken });
    expect((await screen.findByTestId("load-error", {}, { timeout: 15_000 })).textContent).toContain("Impossible de charger les candidats.");
    expect(screen.getByTestId("candidates-count").textContent).toBe("");
    expect(screen.queryByText("Aucun candidat pour l'instant")).toBeNull();
    expect(screen.queryByText("Une erreur est survenue")).toBeNull();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await screen.findByRole("table", { name: "Candidats" });
    expect(screen.queryByTestId("load-error")).toBeNull();
    expect(screen.getByTestId("candidates-count").textContent).toBe("3\u00a0candidats");
  });
});
