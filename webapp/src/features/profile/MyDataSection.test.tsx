// The profile's « Mes données » panel, in the whole app (jsdom) against an in-memory
// AccountService: the copy is a plain download of GET /api/users/me/export; deleting the
// account asks for the password (empty: nothing sent; wrong: said under the field, nothing
// deleted), then signs out to the login page with the confirmation.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { AccountService } from "../../gen/tremplin/account/v1/account_pb";
import { renderApp } from "../../test/harness";
import { serverError } from "../../test/errors";

function renderProfile() {
  const asked: string[] = [];
  const app = renderApp({
    at: "/profile",
    routes: (r) =>
      r.service(AccountService, {
        deleteMyAccount: (req) => {
          asked.push(req.password);
          if (req.password !== "Motdepasse-1") throw serverError(Code.PermissionDenied, "INVALID_CREDENTIALS", "Mot de passe incorrect");
          return {};
        },
      }),
  });
  return { app, asked, panel: () => screen.getByRole("region", { name: "Mes données" }) };
}

describe("the « Mes données » panel of a candidate", () => {
  it("downloads the copy of their data from the export route", async () => {
    const { panel } = renderProfile();
    const link = await waitFor(() => within(panel()).getByRole("link", { name: "Télécharger mes données" }));
    expect(link.getAttribute("href")).toBe("/api/users/me/export");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("deletes the account once the password is confirmed, then shows the login with the confirmation", async () => {
    const { app, asked, panel } = renderProfile();
    const user = userEvent.setup();
    await user.click(await waitFor(() => within(panel()).getByRole("button", { name: "Supprimer mon compte" })));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer mon compte" });
    expect(within(dialog).getByText(/seront supprimés définitivement/)).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(within(dialog).getByText("Ce champ est obligatoire")).toBeTruthy();
    expect(asked).toEqual([]);

    const password = within(dialog).getByLabelText(/^Mot de passe/);
    await user.type(password, "pas-le-bon");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(await within(dialog).findByText("Mot de passe incorrect")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(app.location()).toBe("/profile");

    await user.clear(password);
    await user.type(password, "Motdepasse-1");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(await screen.findByText("Votre compte a été supprimé. Un e-mail de confirmation vous a été envoyé.")).toBeTruthy();
    expect(asked).toEqual(["pas-le-bon", "Motdepasse-1"]);
  });
});
