// The candidates screen's secondary calls, failing as a server error would: the licences an
// agency has left (the generic toast says it, the count simply goes without them), and the list
// of agencies the platform admin chooses from (the candidate modal and the B2B modal say they
// could not load it and load it again on « Réessayer »).
// The first screen loads lazily: on a busy machine its first render may take a while.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { AgencySchema, AgencyService, CandidateStatusCountsSchema } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role, UserSchema, UserStatus } from "../../gen/tremplin/common/v1/common_pb";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const AGENCY = { id: "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f", name: "Agence Nord" };
const agencyAdmin = candidate({ role: Role.AGENCY_ADMIN, firstName: "Karim", agency: AGENCY });
const platformAdmin = candidate({ role: Role.ADMIN, firstName: "Camille" });
// A B2C candidate of no agency, whom the platform admin may make B2B.
const yanis = create(UserSchema, {
  id: "b1",
  role: Role.CANDIDATE,
  firstName: "Yanis",
  lastName: "ROUX",
  email: "yanis@exemple.fr",
  status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD,
  isB2c: true,
  canBeDefinedAsB2b: true,
});
const counts = create(CandidateStatusCountsSchema, { all: 1, withoutLicenseAfterTrialPeriod: 1 });

describe("the licences an agency admin's agency has left", () => {
  it("are said to have failed by the generic toast, the count going without them", async () => {
    renderApp({
      at: "/candidates",
      user: agencyAdmin,
      routes: (r) =>
        r.service(AgencyService, {
          listCandidates: () => ({ candidates: [yanis], counts }),
          getAgency: () => {
            throw serverError(Code.Internal);
          },
        }),
    });
    await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 });
    expect(await screen.findByText("Une erreur est survenue")).toBeTruthy();
    expect(screen.getByTestId("candidates-count").textContent).toBe("1\u00a0candidat");
  });
});

describe("the agencies the platform admin chooses from", () => {
  function renderAdmin() {
    const state = { failing: true };
    renderApp({
      at: "/candidates",
      user: platformAdmin,
      routes: (r) =>
        r.service(AgencyService, {
          listCandidates: () => ({ candidates: [yanis], counts }),
          listAgencies: () => {
            if (state.failing) throw serverError(Code.Internal);
            return { agencies: [create(AgencySchema, { ...AGENCY, numTotalLicenses: 5, numRemainingLicenses: 3 })] };
          },
        }),
    });
    return state;
  }

  it("are said to have failed in the candidate modal, and load again on « Réessayer »", async () => {
    const u = userEvent.setup();
    const state = renderAdmin();
    await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 });
    await u.click(screen.getByRole("button", { name: "Ajouter un candidat" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nouveau candidat" }));
    const error = await dialog.findByTestId("load-error");
    expect(error.textContent).toContain("Impossible de charger les agences.");
    state.failing = false;
    await u.click(within(error).getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(dialog.queryByTestId("load-error")).toBeNull());
    await u.click(dialog.getByRole("combobox", { name: "Agence" }));
    expect(await screen.findByRole("option", { name: "Agence Nord" })).toBeTruthy();
  });

  it("are said to have failed in the B2B modal, and load again on « Réessayer »", async () => {
    const u = userEvent.setup();
    const state = renderAdmin();
    const table = within(await screen.findByRole("table", { name: "Candidats" }, { timeout: 15_000 }));
    await u.click(table.getByRole("button", { name: "Actions pour Yanis ROUX" }));
    await u.click(await screen.findByRole("menuitem", { name: "Passer en B2B" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Passer en B2B" }));
    const error = await dialog.findByTestId("load-error");
    expect(error.textContent).toContain("Impossible de charger les agences.");
    state.failing = false;
    await u.click(within(error).getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(dialog.queryByTestId("load-error")).toBeNull());
    await u.click(dialog.getByRole("combobox", { name: /^Agence/ }));
    expect(await screen.findByRole("option", { name: "Agence Nord (3\u00a0licences disponibles)" })).toBeTruthy();
  });
});
