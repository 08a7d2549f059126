import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { renderApp } from "../../test/harness";
import { serverError } from "../../test/errors";
import LoginPage from "./LoginPage";

describe("login page", () => {
  // A first sign-in of an account that never accepted the terms is refused with the way out
  // (the reset link asks for them): the page shows the server's message, not the generic one.
  it("shows the server's message when the sign-in needs something done first", async () => {
    const message = "Vous devez accepter les conditions générales d'utilisation avant votre première connexion.";
    renderApp({
      at: "/login",
      user: null,
      auth: {
        login: () => {
          throw serverError(Code.FailedPrecondition, "UNSPECIFIED", message);
        },
      },
      ui: <LoginPage />,
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Adresse e-mail"), "ines@exemple.fr");
    await u.type(screen.getByLabelText("Mot de passe"), "Motdepasse-1");
    await u.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("keeps the spec's messages for the other refusals", async () => {
    renderApp({
      at: "/login",
      user: null,
      auth: {
        login: () => {
          throw serverError(Code.PermissionDenied, "INVALID_CREDENTIALS", "Adresse e-mail ou mot de passe incorrect");
        },
      },
      ui: <LoginPage />,
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Adresse e-mail"), "ines@exemple.fr");
    await u.type(screen.getByLabelText("Mot de passe"), "Motdepasse-1");
    await u.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Erreur lors de l'authentification")).toBeTruthy();
  });
});
