// The home's « À relancer cette semaine »: who, since when, one tap to plan the follow-up;
// nothing (and no call) without premium; a failed call says so in the panel.
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ContactSchema, NetworkService } from "../gen/tremplin/network/v1/network_pb";
import { expectNever } from "../test/absence";
import { serverError } from "../test/errors";
import { candidate, renderApp } from "../test/harness";

function renderHome(premium: boolean, broken = { on: false }) {
  const calls: string[] = [];
  const app = renderApp({
    at: "/",
    user: candidate({ hasPremiumAccess: premium }),
    routes: ({ service }) => {
      service(NetworkService, {
        listCallBacks: () => {
          calls.push("ListCallBacks");
          if (broken.on) throw serverError(Code.Internal);
          return {
            callBacks: [
              {
                contact: create(ContactSchema, { id: "c1", firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas" }),
                lastTouch: timestampFromDate(new Date(2026, 9, 12, 10)),
                dueSince: timestampFromDate(new Date(2026, 10, 23)),
              },
              { contact: create(ContactSchema, { id: "c2", firstName: "Hugo", lastName: "RENARD" }), dueSince: timestampFromDate(new Date(2026, 10, 24)) },
            ],
          };
        },
        listContacts: () => ({ contacts: [create(ContactSchema, { id: "c1", firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas" })] }),
      });
    },
  });
  return { ...app, calls };
}

describe("contacts to call back on the home", () => {
  it("names them, with the last exchange, and plans a « Relance » with one of them in one tap", async () => {
    renderHome(true);
    const panel = within(await screen.findByRole("region", { name: "À relancer cette semaine" }));
    const rows = panel.getAllByTestId("call-back");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Claire BERNARDBNP Paribas · Dernier échange le 12/10/2026Planifier",
      "Hugo RENARDJamais contactéPlanifier",
    ]);
    expect(panel.getByRole("link", { name: "Claire BERNARD" }).getAttribute("href")).toBe("/contact/c1");
    await userEvent.setup().click(panel.getByRole("button", { name: "Planifier une relance avec Claire BERNARD" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nouvelle tâche" }));
    expect((await dialog.findByRole("combobox", { name: /^Sujet/ })).textContent).toBe("Relance");
  });

  it("shows nothing and asks nothing without premium", async () => {
    const { calls } = renderHome(false);
    await screen.findByRole("heading", { level: 1 });
    // The panel is drawn only once its call has answered: watch for it a while.
    await expectNever(() => screen.getByRole("region", { name: "À relancer cette semaine" }), "the « À relancer » panel");
    expect(calls).toEqual([]);
  });

  it("says the contacts to call back could not load, instead of vanishing, and loads them on « Réessayer »", async () => {
    const broken = { on: true };
    renderHome(true, broken);
    const panel = within(await screen.findByRole("region", { name: "À relancer cette semaine" }));
    expect(panel.getByTestId("load-error").textContent).toContain("Impossible de charger les contacts à relancer.");
    expect(panel.queryAllByTestId("call-back")).toEqual([]);
    broken.on = false;
    await userEvent.setup().click(panel.getByRole("button", { name: "Réessayer" }));
    expect(await panel.findAllByTestId("call-back")).toHaveLength(2);
    expect(panel.queryByTestId("load-error")).toBeNull();
  });
});
