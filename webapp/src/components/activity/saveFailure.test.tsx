// A save refused because something it names was deleted meanwhile (useSaveFailure): the
// contact or the opportunity chosen in the form is said under its field, the pickers' lists
// reload without it, and the modal stays open with everything typed; only the task or event
// edited, deleted meanwhile, closes the modal. The refusals are the server's own: NotFound,
// reason NOT_FOUND, « <entité> introuvable », the entity's key in the ErrorInfo (internal/apierr).
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { addDays } from "date-fns";
import { ActivityStatus, EventSchema, EventSubject, MediaType, TaskSchema, TaskSubject, type Task } from "../../gen/tremplin/activity/v1/activity_pb";
import { ApplicationSchema, ApplicationStatus } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { acmeApplication, anneAndBob, pick, renderOverActivityLists } from "../../test/activityForms";
import { notFoundError } from "../../test/errors";
import { useActivityModals } from "./useActivityModals";

/**
 * The modals over two contacts (Anne has an e-mail, Bob a mobile) and two open applications
 * (Acme's with Anne, Beta's); `deleted` are the ids deleted meanwhile: the lists read after
 * leave them out, and a save naming one is refused as the server does.
 */
function renderModals(ui: React.ReactNode, { updateTask }: { updateTask?: () => never } = {}) {
  const deleted = new Set<string>();
  const app = renderOverActivityLists(ui, {
    contacts: () => anneAndBob().filter((c) => !deleted.has(c.id)),
    applications: () =>
      [acmeApplication(), create(ApplicationSchema, { id: "a2", company: "Beta", job: "Ingénieur", status: ApplicationStatus.NEW })].filter((a) => !deleted.has(a.id)),
    activity: (drafts) => ({
      createTask: (req) => {
        if (deleted.has(req.task!.contactId)) throw notFoundError("contact");
        drafts.tasks.push(req.task!);
        return { task: create(TaskSchema, { id: "t1" }) };
      },
      createEvent: (req) => {
        if (deleted.has(req.event!.applicationId)) throw notFoundError("application");
        drafts.events.push(req.event!);
        return { event: create(EventSchema, { id: "e1", date: timestampFromDate(addDays(new Date(), 1)) }) };
      },
      updateTask: () => updateTask?.() ?? { task: create(TaskSchema, { id: "t9" }) },
    }),
  });
  return { ...app, deleted };
}

function Opener({ task }: { task?: Task }) {
  const modals = useActivityModals();
  return (
    <>
      <button onClick={() => modals.createTask()}>nouvelle tâche</button>
      <button onClick={() => modals.createEvent()}>nouveau rendez-vous</button>
      {task && <button onClick={() => modals.editTask(task)}>modifier</button>}
    </>
  );
}

type User = ReturnType<typeof userEvent.setup>;
type Scope = ReturnType<typeof within>;

/** The options a picker offers now (its list closed again after). */
async function optionsOf(u: User, combobox: HTMLElement): Promise<string[]> {
  await u.click(combobox);
  const options = (await screen.findAllByRole("option")).map((o) => o.textContent ?? "");
  await u.keyboard("{Escape}");
  return options;
}

/** The message under a field of the dialog, by the field's label. */
const messageUnder = (dialog: Scope, name: RegExp) =>
  dialog.getByRole("combobox", { name }).closest(".MuiFormControl-root")?.querySelector(".MuiFormHelperText-root")?.textContent ?? "";

const listed = (calls: string[], method: string) => calls.filter((c) => c === method).length;

describe("a save naming something deleted meanwhile", () => {
  it("a new task whose contact was deleted: said under the contact, the contacts reload, the modal keeps what was typed, and saves again", async () => {
    const app = renderModals(<Opener />);
    const u = userEvent.setup();
    await u.click(await screen.findByText("nouvelle tâche"));
    const dialog = within(await screen.findByRole("dialog", { name: "Nouvelle tâche" }));
    await pick(u, await dialog.findByRole("combobox", { name: /^Sujet/ }), "Relance");
    await pick(u, dialog.getByRole("combobox", { name: /^Contact/ }), "Anne MARTIN (Acme)");
    await pick(u, dialog.getByRole("combobox", { name: /^Moyen de contact/ }), "E-mail");
    await u.click(dialog.getByRole("textbox", { name: "Commentaire" }));
    await u.paste("Lui parler du poste de Lyon");
    const contactsRead = listed(app.calls, "ListContacts");

    app.deleted.add("c1");
    await u.click(dialog.getByRole("button", { name: "Créer" }));

    await waitFor(() => expect(messageUnder(dialog, /^Contact/)).toBe("Ce contact n'existe plus. Choisissez-en un autre."));
    expect(screen.getByRole("dialog", { name: "Nouvelle tâche" })).toBeTruthy();
    expect(screen.queryByText("Cette activité n'existe plus.")).toBeNull();
    expect(dialog.getByRole("combobox", { name: /^Sujet/ }).textContent).toBe("Relance");
    expect((dialog.getByRole("textbox", { name: "Commentaire" }) as HTMLTextAreaElement).value).toBe("Lui parler du poste de Lyon");
    // The contacts the picker offers are read again, without the deleted one.
    await waitFor(() => expect(listed(app.calls, "ListContacts")).toBeGreaterThan(contactsRead));
    await waitFor(async () => expect(await optionsOf(u, dialog.getByRole("combobox", { name: /^Contact/ }))).toEqual(["Bob DURAND"]));

    await pick(u, dialog.getByRole("combobox", { name: /^Contact/ }), "Bob DURAND");
    await pick(u, dialog.getByRole("combobox", { name: /^Moyen de contact/ }), "Mobile");
    await u.click(dialog.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(app.drafts.tasks).toHaveLength(1));
    expect(app.drafts.tasks[0]).toMatchObject({ subject: TaskSubject.REMINDER, contactId: "c2", mediaType: MediaType.MOBILE, comments: "Lui parler du poste de Lyon" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a new event whose opportunity was deleted: said under the opportunity, the applications reload, the modal keeps what was typed, and saves again", async () => {
    const app = renderModals(<Opener />);
    const u = userEvent.setup();
    await u.click(await screen.findByText("nouveau rendez-vous"));
    const dialog = within(await screen.findByRole("dialog", { name: "Nouveau rendez-vous" }));
    await pick(u, await dialog.findByRole("combobox", { name: /^Opportunité/ }), "Comptable — Acme");
    await pick(u, dialog.getByRole("combobox", { name: /^Sujet/ }), "Présélection");
    await pick(u, dialog.getByRole("combobox", { name: /^Moyen de contact/ }), "Téléphone");
    await u.click(dialog.getByRole("textbox", { name: "Commentaire" }));
    await u.paste("Apporter le portfolio");
    const applicationsRead = listed(app.calls, "ListApplications");

    app.deleted.add("a1");
    await u.click(dialog.getByRole("button", { name: "Créer" }));

    await waitFor(() => expect(messageUnder(dialog, /^Opportunité/)).toBe("Cette opportunité n'existe plus. Choisissez-en une autre."));
    expect(screen.getByRole("dialog", { name: "Nouveau rendez-vous" })).toBeTruthy();
    expect(screen.queryByText("Cette activité n'existe plus.")).toBeNull();
    expect(dialog.getByRole("combobox", { name: /^Sujet/ }).textContent).toBe("Présélection");
    expect(dialog.getByRole("combobox", { name: /^Moyen de contact/ }).textContent).toBe("Téléphone");
    expect((dialog.getByRole("textbox", { name: "Commentaire" }) as HTMLTextAreaElement).value).toBe("Apporter le portfolio");
    // The applications the picker offers are read again, without the deleted one.
    await waitFor(() => expect(listed(app.calls, "ListApplications")).toBeGreaterThan(applicationsRead));
    await waitFor(async () => expect(await optionsOf(u, dialog.getByRole("combobox", { name: /^Opportunité/ }))).toEqual(["Aucune", "Ingénieur — Beta"]));

    await pick(u, dialog.getByRole("combobox", { name: /^Opportunité/ }), "Ingénieur — Beta");
    await u.click(dialog.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(app.drafts.events).toHaveLength(1));
    expect(app.drafts.events[0]).toMatchObject({ applicationId: "a2", subject: EventSubject.PRE_SELECTION, mediaType: MediaType.PHONE, comments: "Apporter le portfolio" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a task edited and deleted meanwhile still closes the modal: « Cette activité n'existe plus. »", async () => {
    const task = create(TaskSchema, {
      id: "t9",
      subject: TaskSubject.INTERNET_SEARCHES,
      deadline: timestampFromDate(addDays(new Date(), 2)),
      status: ActivityStatus.NOT_STARTED,
    });
    const app = renderModals(<Opener task={task} />, {
      updateTask: () => {
        throw notFoundError("task");
      },
    });
    const u = userEvent.setup();
    await u.click(await screen.findByText("modifier"));
    const dialog = within(await screen.findByRole("dialog", { name: "Modifier la tâche" }));
    await u.click(await dialog.findByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Cette activité n'existe plus.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(app.calls).toContain("UpdateTask");
  });
});
