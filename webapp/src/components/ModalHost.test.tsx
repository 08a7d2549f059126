import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ModalProvider, useModals } from "./ModalHost";

function Opener() {
  const modals = useModals();
  return (
    <>
      <button onClick={() => modals.inform({ title: "Contact incomplet", message: "Ajoutez un téléphone ou un e-mail." })}>
        info
      </button>
      <button
        onClick={() =>
          modals.confirm({ title: "Supprimer ce contact\u00a0?", message: "Cette action est définitive.", tone: "danger", onConfirm })
        }
      >
        confirm
      </button>
    </>
  );
}
const onConfirm = vi.fn();

describe("modal host", () => {
  it("shows one modal at a time: a new one replaces the one on screen", async () => {
    const u = userEvent.setup();
    render(
      <ModalProvider>
        <Opener />
      </ModalProvider>,
    );
    await u.click(screen.getByText("info"));
    expect(await screen.findByRole("dialog", { name: "Contact incomplet" })).toBeTruthy();
    screen.getByText("info").click(); // still reachable programmatically
    screen.getByText("confirm").click();
    expect(await screen.findByRole("dialog", { name: "Supprimer ce contact\u00a0?" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
  });

  it("the information modal closes with its « understand » button", async () => {
    const u = userEvent.setup();
    render(
      <ModalProvider>
        <Opener />
      </ModalProvider>,
    );
    await u.click(screen.getByText("info"));
    await u.click(await screen.findByRole("button", { name: "J'ai compris" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the confirmation modal runs the action on confirm, not on cancel", async () => {
    onConfirm.mockReset();
    const u = userEvent.setup();
    render(
      <ModalProvider>
        <Opener />
      </ModalProvider>,
    );
    await u.click(screen.getByText("confirm"));
    await u.click(await screen.findByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    await u.click(screen.getByText("confirm"));
    await u.click(await screen.findByRole("button", { name: "Confirmer" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
