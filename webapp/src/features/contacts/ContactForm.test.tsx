// The contact form's save refused with NotFound: the server says « Contact introuvable » alike
// for the edited contact and for the chosen intermediary. An intermediary deleted meanwhile is
// said under its field, with everything typed kept; only the edited contact gone closes the modal.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import {
  ContactSchema,
  NetworkService,
  type Contact,
  type ContactDraft,
  type CreateContactRequest,
  type UpdateContactRequest,
} from "../../gen/tremplin/network/v1/network_pb";
import { notFoundError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const CLAIRE = "11111111-1111-4111-8111-111111111111";
const HUGO = "22222222-2222-4222-8222-222222222222";
const LEA = "44444444-4444-4444-8444-444444444444";

const PARENT_GONE = "Ce contact n'existe plus\u00a0: choisissez-en un autre";

function seed(): Contact[] {
  const c = (init: MessageInitShape<typeof ContactSchema>) => create(ContactSchema, { rank: 1, createdDate: timestampNow(), ...init });
  return [
    c({ id: CLAIRE, firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas", email: "claire@bnp.example", status: ContactStatus.NEW, isDeletable: true }),
    c({ id: HUGO, firstName: "Hugo", lastName: "RENARD", company: "Capgemini", email: "hugo@cap.example", status: ContactStatus.NEW, rank: 2, parent: { id: CLAIRE, firstName: "Claire", lastName: "BERNARD" } }),
    c({ id: LEA, firstName: "Léa", lastName: "DUBOIS", company: "Airbus", mobileNumber: "06 11 22 33 44", status: ContactStatus.ENGAGED }),
  ];
}

/** The network as the server keeps it: a save naming a contact that is not there is refused as write.go does. */
function renderNetwork(at: string) {
  const contacts = seed();
  const created: CreateContactRequest[] = [];
  const updated: UpdateContactRequest[] = [];
  const notFound = () => notFoundError("contact");
  const has = (id: string) => contacts.some((c) => c.id === id);
  const toContact = (id: string, d: ContactDraft) =>
    create(ContactSchema, {
      id,
      rank: 1,
      firstName: d.firstName,
      lastName: d.lastName,
      company: d.company,
      email: d.email,
      status: d.email || d.phoneNumber || d.mobileNumber ? ContactStatus.NEW : ContactStatus.INCOMPLETE,
      createdDate: timestampNow(),
    });
  const app = renderApp({
    at,
    user: candidate({ hasPremiumAccess: true }),
    routes: ({ service }) =>
      service(NetworkService, {
        listContacts: () => ({ contacts }),
        getContact: (req) => {
          const found = contacts.find((c) => c.id === req.id);
          if (!found) throw notFound();
          return { contact: found };
        },
        listDescendants: () => ({ descendantIds: [] }),
        listRecommendedContacts: () => ({ recommendedContacts: [] }),
        listDuplicates: () => ({ pairs: [] }),
        searchTags: () => ({ tags: [] }),
        createContact: (req) => {
          const draft = req.contact!;
          if (draft.parentId && !has(draft.parentId)) throw notFound();
          created.push(req);
          const contact = toContact(`new-${created.length}`, draft);
          contacts.push(contact);
          return { contact };
        },
        updateContact: (req) => {
          // The edited contact first, then a changed intermediary (UpdateContact's order).
          const cur = contacts.find((c) => c.id === req.id);
          if (!cur) throw notFound();
          const draft = req.contact!;
          if (draft.parentId && draft.parentId !== cur.parent?.id && !has(draft.parentId)) throw notFound();
          updated.push(req);
          return { updatedContact: cur, updatedRanks: [] };
        },
      }),
  });
  /** Deletes a contact behind the form's back; the contacts it introduced move up, as DeleteContact does. */
  const deleteMeanwhile = (id: string) => {
    const i = contacts.findIndex((c) => c.id === id);
    const up = contacts[i]!.parent;
    contacts.splice(i, 1);
    for (const c of contacts) if (c.parent?.id === id) c.parent = up;
  };
  return { ...app, created, updated, contacts, deleteMeanwhile };
}

/** The helper text under a field (MUI links it with aria-describedby). */
function helperOf(field: HTMLElement): string {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

const value = (d: ReturnType<typeof within>, name: string | RegExp) => (d.getByRole("textbox", { name }) as HTMLInputElement).value;

async function chooseIntermediary(u: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>, label: string) {
  const picker = dialog.getByRole("combobox", { name: "Intermédiaire" });
  await u.click(picker);
  await u.click(await screen.findByRole("option", { name: new RegExp(`^${label}`) }));
  return picker;
}

async function openEdit(u: ReturnType<typeof userEvent.setup>) {
  await u.click((await screen.findAllByRole("button", { name: "Modifier" }))[0]!);
  const dialog = within(await screen.findByRole("dialog", { name: "Modifier le contact" }));
  await dialog.findByRole("combobox", { name: "Intermédiaire" });
  return dialog;
}

describe("contact form, a save refused with NotFound", () => {
  it("creating with an intermediary deleted meanwhile says so under the field, keeps what was typed and saves it again", async () => {
    const app = renderNetwork("/contacts");
    const u = userEvent.setup();
    await u.click((await screen.findAllByRole("button", { name: "Ajouter un contact" }))[0]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Nouveau contact" }));
    await u.type(await dialog.findByRole("textbox", { name: /^Prénom/ }), "Anne");
    await u.type(dialog.getByRole("textbox", { name: /^Nom/ }), "Gall");
    await u.type(dialog.getByRole("textbox", { name: "Entreprise" }), "Thales");
    await u.type(dialog.getByRole("textbox", { name: "Notes" }), "Rencontrée au salon");
    const picker = await chooseIntermediary(u, dialog, "Claire BERNARD");
    expect((picker as HTMLInputElement).value).toBe("Claire BERNARD");

    app.deleteMeanwhile(CLAIRE);
    const listsBefore = app.calls.filter((c) => c === "ListContacts").length;
    await u.click(dialog.getByRole("button", { name: "Créer le contact" }));

    await waitFor(() => expect(helperOf(dialog.getByRole("combobox", { name: "Intermédiaire" }))).toBe(PARENT_GONE));
    expect(screen.getByRole("dialog", { name: "Nouveau contact" })).toBeTruthy();
    expect(screen.queryByText("Ce contact n'existe plus")).toBeNull();
    expect(value(dialog, /^Prénom/)).toBe("Anne");
    expect(value(dialog, /^Nom/)).toBe("GALL");
    expect(value(dialog, "Entreprise")).toBe("Thales");
    expect(value(dialog, "Notes")).toBe("Rencontrée au salon");
    expect(app.created).toHaveLength(0);
    // The list reloads: the picker no longer offers the deleted contact.
    await waitFor(() => expect(app.calls.filter((c) => c === "ListContacts").length).toBeGreaterThan(listsBefore));
    await u.click(dialog.getByRole("combobox", { name: "Intermédiaire" }));
    await screen.findByRole("option", { name: /^Hugo RENARD/ });
    expect(screen.queryByRole("option", { name: /^Claire BERNARD/ })).toBeNull();

    // Another intermediary: the error goes, and the typed values are sent.
    await u.click(screen.getByRole("option", { name: /^Léa DUBOIS/ }));
    expect(helperOf(dialog.getByRole("combobox", { name: "Intermédiaire" }))).not.toContain(PARENT_GONE);
    await u.click(dialog.getByRole("button", { name: "Créer le contact" }));
    await waitFor(() => expect(app.created).toHaveLength(1));
    const draft = app.created[0]!.contact!;
    expect(draft).toMatchObject({ firstName: "Anne", lastName: "GALL", company: "Thales", comments: "Rencontrée au salon", parentId: LEA });
  });

  it("editing with an intermediary deleted meanwhile keeps the form open with the error under the field", async () => {
    const app = renderNetwork(`/contact/${LEA}`);
    const u = userEvent.setup();
    const dialog = await openEdit(u);
    await u.type(dialog.getByRole("textbox", { name: "Poste" }), "Acheteuse");
    await chooseIntermediary(u, dialog, "Claire BERNARD");
    app.deleteMeanwhile(CLAIRE);
    await u.click(dialog.getByRole("button", { name: "Enregistrer" }));

    await waitFor(() => expect(helperOf(dialog.getByRole("combobox", { name: "Intermédiaire" }))).toBe(PARENT_GONE));
    expect(screen.getByRole("dialog", { name: "Modifier le contact" })).toBeTruthy();
    expect(value(dialog, "Poste")).toBe("Acheteuse");
    expect(screen.queryByText("Ce contact n'existe plus")).toBeNull();

    await chooseIntermediary(u, dialog, "Hugo RENARD");
    await u.click(dialog.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(app.updated).toHaveLength(1));
    expect(app.updated[0]!.contact).toMatchObject({ job: "Acheteuse", parentId: HUGO });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it.each([
    ["naming an intermediary (Hugo, introduced by Claire)", HUGO],
    ["without an intermediary (Léa, known directly)", LEA],
  ])("editing a contact deleted meanwhile closes with « Ce contact n'existe plus »: %s", async (_, id) => {
    const app = renderNetwork(`/contact/${id}`);
    const u = userEvent.setup();
    const dialog = await openEdit(u);
    app.deleteMeanwhile(id);
    await u.click(dialog.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Ce contact n'existe plus")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(PARENT_GONE)).toBeNull();
    expect(app.updated).toHaveLength(0);
  });
});
