// The candidates screen in the app, in jsdom, against an in-memory AgencyService: what an
// agency admin's candidate modal sends, deletion of the ticked candidates (one call each, after
// the data-loss warning), the menu offering only what the server's flags allow (no free access
// where the server does not offer it; a licence to a candidate with free access, whose
// confirmation says it ends it), the agency's remaining licences, and a list that cannot load
// saying so, never « no candidate yet ».
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
import { AgencySchema, AgencyService, CandidateStatusCountsSchema, type CreateCandidateRequest } from "../../gen/tremplin/agency/v1/agency_pb";
import { LicenseSchema, Role, UserSchema, UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createQueryClient } from "../../lib/queryClient";
import { expectNever, expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";

const AGENCY = { id: "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f", name: "Agence Nord" };

function person(id: string, firstName: string, lastName: string, status: UserStatus): User {
  return create(UserSchema, { id, role: Role.CANDIDATE, firstName, lastName, email: `${firstName.toLowerCase()}@exemple.fr`, status, agency: AGENCY });
}

function renderCandidates({ broken }: { broken?: { on: boolean } } = {}) {
  const candidates = [
    // A licence holder: the server does not offer her free access (canBeGrantedFreeAccess false).
    create(UserSchema, { ...person("c1", "Inès", "MOREL", UserStatus.WITH_VALID_LICENSE), canBeGrantedFreeAccess: false }),
    person("c2", "Louis", "FABRE", UserStatus.WITH_PENDING_LICENSE),
    // Free access, no licence: the server offers a licence (which ends free access).
    create(UserSchema, { ...person("c3", "Nadia", "HADDAD", UserStatus.JUST_CREATED), hasFreeAccess: true, canBeReAllocatedLicense: true }),
  ];
  const deleted: string[] = [];
  const created: CreateCandidateRequest[] = [];
  const allocated: string[] = [];
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
      getAgency: () => ({ agency: create(AgencySchema, { ...AGENCY, numTotalLicenses: 5, numUsedLicenses: 1, numPendingLicenses: 1, numRemainingLicenses: 3 }) }),
      allocateLicenseToCandidate: (req) => {
        allocated.push(req.candidateId);
        const c = candidates.find((x) => x.id === req.candidateId)!;
        const given = create(UserSchema, { ...c, hasFreeAccess: false, canBeReAllocatedLicense: false, status: UserStatus.WITH_PENDING_LICENSE });
        return { candidate: given, invitationSent: true, freeAccessEnded: true };
      },
    });
  });
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/candidates"]}>{children}</MemoryRouter>;
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()} Router={Router}>
      <App />
    </AppProviders>,
  );
  return { deleted, created, allocated };
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

  it("offers free access only when the server does (not to a licence holder it does not flag), and a licence to a candidate with free access, saying it ends it", async () => {
    const u = userEvent.setup();
    const s = renderCandidates();
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await waitFor(() => expect(screen.getByTestId("candidates-count").textContent).toContain("licences disponibles"));
    await u.click(table.getByRole("button", { name: "Actions pour Inès MOREL" }));
    let menu = within(await screen.findByRole("menu"));
    expect(menu.queryByRole("menuitem", { name: "Donner un accès gratuit" })).toBeNull();
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    await u.click(table.getByRole("button", { name: "Actions pour Nadia HADDAD" }));
    menu = within(await screen.findByRole("menu"));
    expect(menu.queryByRole("menuitem", { name: "Donner un accès gratuit" })).toBeNull();
    await u.click(menu.getByRole("menuitem", { name: "Attribuer une licence" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Attribuer une licence" }));
    expect(dialog.getByText(/Son accès gratuit prendra fin/)).toBeTruthy();
    expect(dialog.getByText(/Il restera 2 licences à l'agence Agence Nord\./)).toBeTruthy();
    await u.click(dialog.getByRole("button", { name: "Attribuer" }));
    expect(await screen.findByText("La licence a été attribuée et le candidat a été invité par e-mail. Son accès gratuit a pris fin.")).toBeTruthy();
    expect(s.allocated).toEqual(["c3"]);
  });

  it("shows the agency's remaining licences beside the count", async () => {
    renderCandidates();
    await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByTestId("candidates-count").textContent).toBe("3\u00a0candidats · 3\u00a0licences disponibles"));
  });

  it("says the list could not load instead of « no candidate yet », and loads it on « Réessayer »", async () => {
    const broken = { on: true };
    renderCandidates({ broken });
    expect((await screen.findByTestId("load-error", {}, { timeout: 15_000 })).textContent).toContain("Impossible de charger les candidats.");
    expect(screen.getByTestId("candidates-count").textContent).toBe("");
    expect(screen.queryByText("Aucun candidat pour l'instant")).toBeNull();
    await expectNoGenericError();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await screen.findByRole("table", { name: "Candidats" });
    expect(screen.queryByTestId("load-error")).toBeNull();
    expect(screen.getByTestId("candidates-count").textContent).toMatch(/^3\u00a0candidats/);
  });
});

describe("candidates of the platform admin", () => {
  function renderAdmin(refusals = 0) {
    let refuse = refusals;
    const b2c = (id: string, firstName: string, init: Partial<User> = {}) =>
      create(UserSchema, { ...person(id, firstName, "ROUX", UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD), isB2c: true, canBeDefinedAsB2b: true, ...init });
    const candidates = [b2c("b1", "Yanis", { firstLoginDate: timestampFromDate(new Date("2026-10-01T10:00:00Z")) }), b2c("b2", "Lina", { hasFreeAccess: true })];
    const defined: string[] = [];
    const transport = createRouterTransport(({ service }) => {
      service(AuthService, { me: () => ({ user: create(UserSchema, { id: "ad", role: Role.ADMIN, firstName: "Camille" }) }) });
      service(AgencyService, {
        listCandidates: () => ({ candidates, counts: create(CandidateStatusCountsSchema, { all: 2, withoutLicenseAfterTrialPeriod: 2 }) }),
        listAgencies: () => ({ agencies: [create(AgencySchema, { ...AGENCY, numTotalLicenses: 5, numRemainingLicenses: 3 })] }),
        defineAsB2B: (req) => {
          if (refuse-- > 0) throw serverError(Code.FailedPrecondition, "ERROR_REASON_NO_LICENSE_LEFT", "Plus de licence");
          defined.push(req.id);
          const c = candidates.find((x) => x.id === req.id)!;
          const licence = c.hasFreeAccess ? undefined : create(LicenseSchema, { allocationDate: timestampFromDate(new Date()) });
          return {
            candidate: create(UserSchema, { ...c, isB2c: false, status: UserStatus.WITH_PENDING_LICENSE, license: licence }),
            candidateNotified: !c.hasFreeAccess,
          };
        },
      });
    });
    const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/candidates"]}>{children}</MemoryRouter>;
    render(
      <AppProviders transport={transport} queryClient={createQueryClient()} Router={Router}>
        <App />
      </AppProviders>,
    );
    return { defined };
  }

  it("says what making a candidate B2B takes: one of the agency's licences, or none with free access", async () => {
    const u = userEvent.setup();
    const s = renderAdmin();
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await u.click(table.getByRole("button", { name: "Actions pour Yanis ROUX" }));
    await u.click(await screen.findByRole("menuitem", { name: "Passer en B2B" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Passer en B2B" }));
    await waitFor(() => expect(dialog.getByTestId("b2b-consequence").textContent).toBe("Une licence de l'agence Agence Nord lui sera attribuée. Il en restera 2."));
    await u.click(dialog.getByRole("button", { name: "Passer en B2B" }));
    expect(await screen.findByText("Le candidat est maintenant B2B, avec une licence de l'agence Agence Nord. Il a été prévenu par e-mail.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await u.click(await table.findByRole("button", { name: "Actions pour Lina ROUX" }));
    await u.click(await screen.findByRole("menuitem", { name: "Passer en B2B" }));
    dialog = within(await screen.findByRole("dialog", { name: "Passer en B2B" }));
    expect(dialog.getByTestId("b2b-consequence").textContent).toBe("Il garde son accès gratuit\u00a0: aucune licence de l'agence n'est prise.");
    await u.click(dialog.getByRole("button", { name: "Passer en B2B" }));
    expect(await screen.findByText("Le candidat est maintenant B2B")).toBeTruthy();
    expect(s.defined).toEqual(["b1", "b2"]);
  });

  it("keeps the B2B modal and its choice when the change is refused, so that it can be tried again", async () => {
    const u = userEvent.setup();
    const s = renderAdmin(1);
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await u.click(table.getByRole("button", { name: "Actions pour Yanis ROUX" }));
    await u.click(await screen.findByRole("menuitem", { name: "Passer en B2B" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Passer en B2B" }));
    await waitFor(() => expect(dialog.getByTestId("b2b-consequence").textContent).toContain("Agence Nord"));
    await u.click(dialog.getByRole("button", { name: "Passer en B2B" }));
    // Spec section 8: a plain error; the modal stays, its agency still chosen.
    expect(await screen.findByText("Erreur lors du passage en B2B")).toBeTruthy();
    // It does not go away (a closing modal lingers in the page while it fades).
    await expectNever(() => expect(screen.queryByRole("dialog", { name: "Passer en B2B" })).toBeNull(), "the B2B modal closing");
    expect(dialog.getByTestId("b2b-consequence").textContent).toContain("Agence Nord");
    await u.click(dialog.getByRole("button", { name: "Passer en B2B" }));
    expect(await screen.findByText("Le candidat est maintenant B2B, avec une licence de l'agence Agence Nord. Il a été prévenu par e-mail.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(s.defined).toEqual(["b1"]);
  });
});
