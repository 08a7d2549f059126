// Every window of the modal host: Escape with changes asks first, toasts never cover it.
import { describe, expect, it } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../test/harness";
import { useModals } from "./ModalHost";
import { useUnsavedChanges } from "./modalChanges";
import { useToast } from "./Toasts";

function NoteForm({ close, reports }: { close: () => void; reports: boolean }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  if (reports) ReportChanges(text !== "");
  return (
    <form aria-label="note">
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        onClick={() => {
          // The form shows its own error and also raises it as a toast: said once.
          setError("Le titre est trop long");
          toast.error("Le titre est trop long");
        }}
      >
        échouer
      </button>
      <button type="button" onClick={() => toast.success("Lien ajouté")}>
        informer
      </button>
      <button type="button" onClick={close}>
        annuler
      </button>
    </form>
  );
}

// A hook called under a condition fixed for the component's life (the test's choice).
function ReportChanges(changed: boolean) {
  useUnsavedChanges(changed);
}

function Opener({ reports = true }: { reports?: boolean }) {
  const modals = useModals();
  const toast = useToast();
  return (
    <button
      onClick={() => {
        toast.success("Contact ajouté");
        modals.open({ kind: "custom", title: "Nouvelle note", render: (close) => <NoteForm close={close} reports={reports} /> });
      }}
    >
      ouvrir
    </button>
  );
}

describe("modal forms", () => {
  it("Escape without changes closes at once", async () => {
    const u = userEvent.setup();
    renderApp({ at: "/contacts", ui: <Opener /> });
    await u.click(await screen.findByText("ouvrir"));
    await screen.findByRole("dialog", { name: "Nouvelle note" });
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  for (const reports of [true, false]) {
    it(`Escape with changes asks before discarding them (${reports ? "reported by the form" : "typed into it"})`, async () => {
      const u = userEvent.setup();
      renderApp({ at: "/contacts", ui: <Opener reports={reports} /> });
      await u.click(await screen.findByText("ouvrir"));
      const form = await screen.findByRole("dialog", { name: "Nouvelle note" });
      await u.type(within(form).getByLabelText("Note"), "Rappeler");
      await u.keyboard("{Escape}");
      const ask = await screen.findByRole("dialog", { name: "Abandonner vos modifications\u00a0?" });
      // Keep editing: the form is still there with what was typed.
      await u.click(within(ask).getByRole("button", { name: "Continuer la saisie" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Abandonner vos modifications\u00a0?" })).toBeNull());
      expect((within(screen.getByRole("dialog", { name: "Nouvelle note" })).getByLabelText("Note") as HTMLInputElement).value).toBe("Rappeler");
      // Escape again, and discard.
      await u.keyboard("{Escape}");
      await u.click(await screen.findByRole("button", { name: "Abandonner" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    });
  }

  it("shows toasts inside the open window, not over it, and never a message the window shows", async () => {
    const u = userEvent.setup();
    renderApp({ at: "/contacts", ui: <Opener /> });
    await u.click(await screen.findByText("ouvrir"));
    const dialog = await screen.findByRole("dialog", { name: "Nouvelle note" });
    // The toast raised as the window opened is in the window, and no stack floats over it.
    await waitFor(() => expect(within(dialog).getByTestId("dialog-toasts").textContent).toContain("Contact ajouté"));
    expect(screen.queryByTestId("toast-stack")).toBeNull();
    await u.click(within(dialog).getByText("informer"));
    expect(within(dialog).getByTestId("dialog-toasts").textContent).toContain("Lien ajouté");
    // The form's own error: said once, in the form.
    await u.click(within(dialog).getByText("échouer"));
    await waitFor(() => expect(within(dialog).getAllByText("Le titre est trop long")).toHaveLength(1));
    expect(within(dialog).getByTestId("dialog-toasts").textContent).not.toContain("Le titre est trop long");
    // Closed: what is left goes back to the stack; the dropped error does not come back.
    await u.click(within(dialog).getByText("annuler"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const stack = await screen.findByTestId("toast-stack");
    expect(stack.textContent).toContain("Lien ajouté");
    expect(stack.textContent).not.toContain("Le titre est trop long");
  });
});
