import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { createRouterTransport } from "@connectrpc/connect";
import { AppProviders } from "../../AppProviders";
import { createQueryClient } from "../../lib/queryClient";
import { PasswordLinkPage } from "./PasswordLinkPage";

describe("new-password page", () => {
  it("ties the terms-of-use error to its checkbox", async () => {
    const Router = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={["/new-password?id=1&token=abc"]}>{children}</MemoryRouter>
    );
    render(
      <AppProviders transport={createRouterTransport(() => {})} queryClient={createQueryClient()} Router={Router}>
        <PasswordLinkPage variant="create" />
      </AppProviders>,
    );
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
