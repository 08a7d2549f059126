// The header's account button and menu, in the app (jsdom): the name as the app writes names
// everywhere, and a button whose accessible name starts with what it shows (WCAG 2.5.3).
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { candidate, renderApp } from "../../test/harness";

describe("the account button", () => {
  it("is named by its visible text, and its menu writes the name « Julien MOREAU »", async () => {
    renderApp({ at: "/help", user: candidate({ firstName: "julien", lastName: "Moreau" }) });
    const button = await screen.findByRole("button", { name: /menu du compte$/ });
    const visible = button.textContent ?? "";
    expect(visible).toBe("Julien");
    expect(button.getAttribute("aria-label")?.startsWith(visible)).toBe(true);
    await userEvent.setup().click(button);
    expect(within(screen.getByRole("menu").parentElement!).getByText("Julien MOREAU")).toBeTruthy();
  });
});
