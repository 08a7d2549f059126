// The task and event forms on react-hook-form: the rules show on submit and follow the values
// afterwards, the dependencies apply as values change, an empty submit focuses the first field
// in error, and the server's refusals land on the fields they name.
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { EventSchema, EventSubject, MediaType, TaskSchema, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { pick, renderOverActivityLists } from "../../test/activityForms";
import { invalidFields, serverError } from "../../test/errors";
import { EventForm, TaskForm } from "./ActivityForms";
import { useActivityModals } from "./useActivityModals";
import { emptyEvent } from "./eventForm";
import { emptyTask } from "./taskForm";

const REQUIRED = "Ce champ est obligatoire";

/** A form alone, with two contacts (Anne has an e-mail, Bob phones) and one application (Anne's). */
function renderForm(ui: React.ReactNode, refuse?: () => Promise<Error> | Error) {
  return renderOverActivityLists(ui, {
    activity: (drafts) => ({
      createTask: async (req) => {
        if (refuse) throw await refuse();
        drafts.tasks.push(req.task!);
        return { task: create(TaskSchema, { id: "t1" }) };
      },
      createEvent: async (req) => {
        if (refuse) throw await refuse();
        drafts.events.push(req.event!);
        return { event: create(EventSchema, { id: "e1" }) };
      },
    }),
  });
}

const combobox = (name: RegExp) => screen.getByRole("combobox", { name });
/** The message under a field, by the field's label. */
const messageUnder = (name: RegExp) => {
  const field = combobox(name).closest(".MuiFormControl-root")!;
  return field.querySelector(".MuiFormHelperText-root")?.textContent ?? "";
};

describe("the task form", () => {
  it("an empty submit shows the rule under the subject, focuses it and sends nothing", async () => {
    const app = renderForm(<TaskForm initial={emptyTask()} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Créer" }));
    await waitFor(() => expect(messageUnder(/^Sujet/)).toBe(REQUIRED));
    expect(document.activeElement).toBe(combobox(/^Sujet/));
    expect(app.calls).not.toContain("CreateTask");
  });

  it("after a submit, the rules follow the values; the subject clears and hides the contact", async () => {
    const app = renderForm(<TaskForm initial={emptyTask()} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await pick(u, await screen.findByRole("combobox", { name: /^Sujet/ }), "Relance");
    await u.click(screen.getByRole("button", { name: "Créer" }));
    // A contact subject: the contact is required, and the focus goes there.
    await waitFor(() => expect(messageUnder(/^Contact/)).toBe(REQUIRED));
    expect(document.activeElement).toBe(combobox(/^Contact/));
    await pick(u, combobox(/^Contact/), "Anne MARTIN (Acme)");
    // The contact chosen: its media type is now required (an e-mail, InMail or other).
    await waitFor(() => expect(messageUnder(/^Moyen de contact/)).toBe(REQUIRED));
    expect(messageUnder(/^Contact/)).toBe("");
    await u.click(combobox(/^Moyen de contact/));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["E-mail", "InMail", "Autre"]);
    await u.click(screen.getByRole("option", { name: "E-mail" }));
    await waitFor(() => expect(messageUnder(/^Moyen de contact/)).toBe(""));
    // A subject about no contact hides and clears the contact and its media type.
    await pick(u, combobox(/^Sujet/), "Recherches sur internet");
    expect(screen.queryByRole("combobox", { name: /^Contact/ })).toBeNull();
    expect(screen.getByText("Ce sujet ne concerne pas de contact.")).toBeTruthy();
    await u.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(app.drafts.tasks).toHaveLength(1));
    expect(app.drafts.tasks[0]).toMatchObject({ subject: TaskSubject.INTERNET_SEARCHES, contactId: "", mediaType: MediaType.UNSPECIFIED });
  });

  it("the custom subject is asked for « Autre » only, and required", async () => {
    const app = renderForm(<TaskForm initial={emptyTask()} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await pick(u, await screen.findByRole("combobox", { name: /^Sujet/ }), "Autre");
    await u.click(screen.getByRole("button", { name: "Créer" }));
    const custom = await screen.findByRole("textbox", { name: /^Sujet personnalisé/ });
    await waitFor(() => expect(document.activeElement).toBe(custom));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    await u.paste("Salon de l'emploi");
    await waitFor(() => expect(screen.queryByText(REQUIRED)).toBeNull());
    await u.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(app.drafts.tasks).toHaveLength(1));
    expect(app.drafts.tasks[0]).toMatchObject({ subject: TaskSubject.OTHER, customSubject: "Salon de l'emploi" });
  });

  it("an opportunity with one contact brings that contact, and narrows the subjects", async () => {
    renderForm(<TaskForm initial={{ ...emptyTask(), applicationId: "a1" }} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await waitFor(() => expect((combobox(/^Contact/) as HTMLInputElement).value).toBe("Anne MARTIN (Acme)"));
    await u.click(combobox(/^Sujet/));
    const subjects = screen.getAllByRole("option").map((o) => o.textContent);
    expect(subjects).toContain("Envoi de candidature");
    expect(subjects).not.toContain("Premier contact");
  });

  it("the server's refusals land on the fields they name, the first focused", async () => {
    renderForm(<TaskForm initial={{ ...emptyTask(), subject: TaskSubject.INTERNET_SEARCHES }} close={vi.fn()} onSaved={vi.fn()} />, () =>
      invalidFields([{ path: ["task", "priority"], ruleId: "task.priority", message: "Priorité inconnue" }]),
    );
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Créer" }));
    await waitFor(() => expect(messageUnder(/^Priorité/)).toBe("Priorité inconnue"));
    expect(document.activeElement).toBe(combobox(/^Priorité/));
  });

  it("a deadline the server finds past is refused under the deadline", async () => {
    renderForm(<TaskForm initial={{ ...emptyTask(), subject: TaskSubject.INTERNET_SEARCHES }} close={vi.fn()} onSaved={vi.fn()} />, () => serverError(Code.InvalidArgument, "ERROR_REASON_DATE_IN_PAST"));
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Créer" }));
    expect(await screen.findByText("L'échéance ne peut pas être antérieure à aujourd'hui")).toBeTruthy();
  });

  it("a refusal about a link is shown under the form; one about nothing of the form says the save failed", async () => {
    let refusal = invalidFields([{ path: ["task", "resources", "url"], ruleId: "resource.url", message: "L'adresse doit commencer par http://" }]);
    renderForm(<TaskForm initial={{ ...emptyTask(), subject: TaskSubject.INTERNET_SEARCHES }} close={vi.fn()} onSaved={vi.fn()} />, () => refusal);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Créer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("L'adresse doit commencer par http://");
    refusal = invalidFields([{ path: ["id"], ruleId: "string.uuid", message: "bad id" }]);
    await u.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Erreur lors de la création de la tâche"));
  });
});

/** Opens the task modal of an opportunity as the application's page does. */
function Opener() {
  const modals = useActivityModals();
  return <button onClick={() => modals.createTask({ applicationId: "a1" })}>planifier</button>;
}

describe("the task modal", () => {
  it("closes at once on Escape when nothing changed (the contact the opportunity brings is no change), asks once something did", async () => {
    renderForm(<Opener />);
    const u = userEvent.setup();
    await u.click(await screen.findByText("planifier"));
    let dialog = within(await screen.findByRole("dialog", { name: "Nouvelle tâche" }));
    await waitFor(() => expect((dialog.getByRole("combobox", { name: /^Contact/ }) as HTMLInputElement).value).toBe("Anne MARTIN (Acme)"));
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await u.click(screen.getByText("planifier"));
    dialog = within(await screen.findByRole("dialog", { name: "Nouvelle tâche" }));
    await waitFor(() => expect((dialog.getByRole("combobox", { name: /^Contact/ }) as HTMLInputElement).value).toBe("Anne MARTIN (Acme)"));
    await pick(u, dialog.getByRole("combobox", { name: /^Sujet/ }), "Relance");
    await u.keyboard("{Escape}");
    await u.click(await screen.findByRole("button", { name: "Abandonner" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("the event form", () => {
  it("asks for the place of a meeting in person only, and requires it", async () => {
    const app = renderForm(<EventForm initial={{ ...emptyEvent(), contactId: "c2" }} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Créer" }));
    await waitFor(() => expect(messageUnder(/^Sujet/)).toBe(REQUIRED));
    expect(document.activeElement).toBe(combobox(/^Sujet/));
    await pick(u, combobox(/^Sujet/), "Café");
    await pick(u, combobox(/^Moyen de contact/), "En personne");
    const details = screen.getByRole("textbox", { name: /^Adresse ou lien/ });
    await waitFor(() => expect(within(details.closest(".MuiFormControl-root") as HTMLElement).getByText(REQUIRED)).toBeTruthy());
    await u.click(details);
    await u.paste("Café de la Gare");
    // A phone call needs no place: the field goes, and its value with it.
    await pick(u, combobox(/^Moyen de contact/), "Mobile");
    expect(screen.queryByRole("textbox", { name: /^Adresse ou lien/ })).toBeNull();
    await u.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(app.drafts.events).toHaveLength(1));
    expect(app.drafts.events[0]).toMatchObject({ subject: EventSubject.COFFEE, mediaType: MediaType.MOBILE, mediaDetails: "", contactId: "c2" });
  });

  it("the contact narrows the media types and clears one it cannot be reached by", async () => {
    renderForm(<EventForm initial={{ ...emptyEvent(), contactId: "c2", mediaType: MediaType.MOBILE }} close={vi.fn()} onSaved={vi.fn()} />);
    const u = userEvent.setup();
    await waitFor(() => expect((combobox(/^Contact/) as HTMLInputElement).value).toBe("Bob DURAND"));
    expect(combobox(/^Moyen de contact/).textContent).toBe("Mobile");
    await pick(u, combobox(/^Contact/), "Anne MARTIN (Acme)");
    await waitFor(() => expect(combobox(/^Moyen de contact/).textContent).not.toBe("Mobile"));
    await u.click(combobox(/^Moyen de contact/));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Visioconférence", "En personne"]);
  });
});
