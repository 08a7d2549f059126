import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useSession, useUser } from "../lib/session";
import { expectNoGenericError } from "../test/absence";
import { renderApp } from "../test/harness";
import { useModals } from "./ModalHost";

/**
 * The modal host as the app has it: inside the router and the session (AppProviders), with
 * Camille signed in.
 */
function renderWithHost(ui: ReactNode) {
  return renderApp({ at: "/contacts", ui });
}

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
    renderWithHost(<Opener />);
    await u.click(screen.getByText("info"));
    expect(await screen.findByRole("dialog", { name: "Contact incomplet" })).toBeTruthy();
    screen.getByText("info").click(); // still reachable programmatically
    screen.getByText("confirm").click();
    expect(await screen.findByRole("dialog", { name: "Supprimer ce contact\u00a0?" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
  });

  it("the information modal closes with its « understand » button", async () => {
    const u = userEvent.setup();
    renderWithHost(<Opener />);
    await u.click(screen.getByText("info"));
    await u.click(await screen.findByRole("button", { name: "J'ai compris" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the confirmation modal runs the action on confirm, not on cancel", async () => {
    onConfirm.mockReset();
    const u = userEvent.setup();
    renderWithHost(<Opener />);
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

/** A modal body of the signed-in shell: it reads the user, as the contact form does. */
function UserBody({ close }: { close: () => void }) {
  const user = useUser();
  const { forget } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <p>Contact de {user.firstName}</p>
      <button
        onClick={() => {
          // What a refused call does when the session is gone: the modal closes and the session is forgotten.
          close();
          forget("Votre session a expiré. Merci de vous reconnecter.");
        }}
      >
        session perdue
      </button>
      <button onClick={() => navigate("/ask-subscription")}>ailleurs</button>
    </>
  );
}

function UserModalOpener() {
  const modals = useModals();
  const { user } = useSession();
  if (!user) return <p>personne</p>;
  return (
    <button onClick={() => modals.open({ kind: "custom", title: "Nouveau contact", render: (close) => <UserBody close={close} /> })}>
      ouvrir
    </button>
  );
}

describe("modal host and the session", () => {
  it("drops the modal when the session is lost, without rendering its body for nobody", async () => {
    const u = userEvent.setup();
    renderWithHost(<UserModalOpener />);
    await u.click(await screen.findByText("ouvrir"));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau contact" });
    expect(dialog.textContent).toContain("Contact de Camille");
    await u.click(screen.getByText("session perdue"));
    expect(await screen.findByText("personne")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await expectNoGenericError();
  });

  it("drops the modal when the address changes", async () => {
    const u = userEvent.setup();
    renderWithHost(<UserModalOpener />);
    await u.click(await screen.findByText("ouvrir"));
    await screen.findByRole("dialog", { name: "Nouveau contact" });
    await u.click(screen.getByText("ailleurs"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The host still works on the new page.
    await u.click(screen.getByText("ouvrir"));
    expect(await screen.findByRole("dialog", { name: "Nouveau contact" })).toBeTruthy();
  });
});
