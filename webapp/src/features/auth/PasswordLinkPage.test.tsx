import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { invalidFields } from "../../test/errors";
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

const TERMS = "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe";

describe("update-password page", () => {
  // A reset link of an account that never accepted the terms (an invitation never completed):
  // the server's refusal names accept_terms, and the page then shows the checkbox with it.
  it("shows the terms checkbox when the server asks for it, then sends the acceptance", async () => {
    const sent: boolean[] = [];
    const harness = renderApp({
      at: "/update-password?id=1&token=abc",
      user: null,
      auth: {
        newPassword: async (req) => {
          sent.push(req.acceptTerms);
          if (!req.acceptTerms) throw await invalidFields([{ path: ["accept_terms"], ruleId: "accept_terms.required", message: TERMS }]);
          return {};
        },
      },
      ui: <PasswordLinkPage variant="update" />,
    });
    const u = userEvent.setup();
    const submit = await screen.findByRole("button", { name: "Enregistrer le mot de passe" });
    expect(screen.queryByRole("checkbox")).toBeNull();
    await u.type(screen.getByLabelText("Nouveau mot de passe"), "Nouveau-depart-2026");
    await u.type(screen.getByLabelText("Confirmation du mot de passe"), "Nouveau-depart-2026");
    await u.click(submit);

    const error = await screen.findByText(TERMS);
    const checkbox = screen.getByRole("checkbox");
    expect(checkbox.getAttribute("aria-describedby")).toBe(error.id);
    await u.click(checkbox);
    await u.click(submit);
    await waitFor(() => expect(harness.location()).toBe("/login"));
    expect(sent).toEqual([false, true]);
  });

  it("has no checkbox and sends no acceptance otherwise", async () => {
    const sent: boolean[] = [];
    const harness = renderApp({
      at: "/update-password?id=1&token=abc",
      user: null,
      auth: { newPassword: (req) => (sent.push(req.acceptTerms), {}) },
      ui: <PasswordLinkPage variant="update" />,
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Nouveau mot de passe"), "Nouveau-depart-2026");
    await u.type(screen.getByLabelText("Confirmation du mot de passe"), "Nouveau-depart-2026");
    await u.click(screen.getByRole("button", { name: "Enregistrer le mot de passe" }));
    await waitFor(() => expect(harness.location()).toBe("/login"));
    expect(sent).toEqual([false]);
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
