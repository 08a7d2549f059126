import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Loading } from "./Loading";

describe("a loading placeholder", () => {
  it("is marked busy and says it is loading, its grey shapes hidden from screen readers", () => {
    render(
      <Loading card>
        <span data-testid="shape" />
      </Loading>,
    );
    const region = screen.getByTestId("loading");
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Chargement en cours…");
    expect(screen.getByTestId("shape").closest("[aria-hidden='true']")).not.toBeNull();
  });
});
