import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../../test/harness";
import { PasswordLinkPage } from "./PasswordLinkPage";

describe("new-password page", () => {
  it("ties the terms-of-use error to its checkbox", async () => {
    renderApp({ at: "/new-password?id=1&token=abc", user: null, ui: <PasswordLinkPage variant="create" /> });
    const u = userEvent.setup();
    const checkbox = await screen.findByRole("checkbox");
    expect(checkbox.getAttribute("aria-describedby")).toBeNull();
    await u.click(screen.getByRole("button", { name: "Créer mon mot de passe" }));
    const error = await screen.findByText("Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe");
    expect(checkbox.getAttribute("aria-invalid")).toBe("true");
    expect(checkbox.getAttribute("aria-describedby")).toBe(error.id);
    expect(error.id).not.toBe("");
  });
});
