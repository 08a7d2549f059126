import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { createRouterTransport } from "@connectrpc/connect";
import Alert from "@mui/material/Alert";
import { AppProviders } from "./AppProviders";
import { createQueryClient } from "./lib/queryClient";

describe("AppProviders", () => {
  it("applies MUI's French locale to the components", async () => {
    const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
    render(
      <AppProviders transport={createRouterTransport(() => {})} queryClient={createQueryClient()} Router={Router}>
        <Alert onClose={() => {}}>Message</Alert>
      </AppProviders>,
    );
    // MUI's default is "Close"; frFR says "Fermer".
    expect(await screen.findByRole("button", { name: "Fermer" })).toBeTruthy();
  });
});
