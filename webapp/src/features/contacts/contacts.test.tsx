// The network screens in the app, in jsdom, against an in-memory NetworkService (Connect router
// transport, src/test/harness.tsx). ActivityService and OpportunityService are not registered: they answer
// Unimplemented, as on the server until their issues land.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { ActivityService, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { OpportunityService } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import {
  ContactSchema,
  ImportedContactSchema,
  NetworkService,
  TagSchema,
  type Contact,
  type ContactDraft,
  type CreateContactRequest,
} from "../../gen/tremplin/network/v1/network_pb";
import { expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const PAUSE = 500;

function tag(name: string) {
  return create(TagSchema, { id: `tag-${name}`, name });
}

function seed(): Contact[] {
  const c = (init: MessageInitShape<typeof ContactSchema>) => create(ContactSchema, { rank: 1, createdDate: timestampNow(), ...init });
  return [
    c({ id: "11111111-1111-4111-8111-111111111111", firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas", email: "claire@bnp.example", status: ContactStatus.THANKED, tags: [tag("Banque"), tag("Paris")], hasApplication: true }),
    c({ id: "22222222-2222-4222-8222-222222222222", firstName: "Hugo", lastName: "RENARD", company: "Capgemini", email: "hugo@cap.example", status: ContactStatus.NEW, tags: [tag("Lyon")], isDeletable: true, rank: 2, parent: { id: "11111111-1111-4111-8111-111111111111", firstName: "Claire", lastName: "BERNARD" } }),
    c({ id: "33333333-3333-4333-8333-333333333333", firstName: "Olivier", lastName: "DUPONT", company: "Airbus", status: ContactStatus.INCOMPLETE, isDeletable: true }),
    c({ id: "44444444-4444-4444-8444-444444444444", firstName: "Léa", lastName: "DUBOIS", company: "Airbus", mobileNumber: "06 11 22 33 44", status: ContactStatus.ENGAGED, tags: [tag("Lyon")] }),
  ];
}

const IMPORTED = [
  create(ImportedContactSchema, { firstName: "Hélène", lastName: "MARTIN", company: "Société Générale", job: "Chargée de recrutement" }),
  create(ImportedContactSchema, { firstName: "Éric", lastName: "LEFÈVRE", company: "Capgemini", job: "Directeur des opérations" }),
  create(ImportedContactSchema, { firstName: "Sean", lastName: "O'NEIL", company: "Acme, Inc.", job: "Head of Talent" }),
];

function renderNetwork(
  entry: string | { pathname: string; state?: unknown },
  {
    premium = true,
    createError,
    more = 0,
    broken,
    contactBroken,
  }: { premium?: boolean; createError?: Error; more?: number; broken?: { on: boolean }; contactBroken?: { on: boolean } } = {},
) {
  // While broken.on, the lists of the contact's page and the network list fail as a dropped
  // connection does.
  const failing = () => {
    if (broken?.on) throw new ConnectError("fetch failed", Code.Unavailable);
  };
  const listInputs: { search: string; statuses: number; tags: number }[] = [];
  const contacts = seed();
  for (let i = 0; i < more; i++) {
    contacts.push(create(ContactSchema, { id: `more-${i}`, rank: 1, firstName: "Zoé", lastName: `TEST${String(i).padStart(2, "0")}`, status: ContactStatus.NEW, createdDate: timestampNow() }));
  }
  const created: CreateContactRequest[] = [];
  const bulk: number[] = [];
  const exported: string[] = [];
  const draftToContact = (id: string, d: ContactDraft) =>
    create(ContactSchema, {
      id,
      rank: 1,
      firstName: d.firstName,
      lastName: d.lastName,
      email: d.email,
      phoneNumber: d.phoneNumber,
      mobileNumber: d.mobileNumber,
      status: d.email || d.phoneNumber || d.mobileNumber ? ContactStatus.NEW : ContactStatus.INCOMPLETE,
      isDeletable: true,
      createdDate: timestampNow(),
    });
  const app = renderApp({
    at: entry,
    user: candidate({ email: "", hasPremiumAccess: premium }),
    routes: ({ service }) => {
      service(NetworkService, {
        listContacts: (req) => {
          if (req.search === "" && !req.statuses.length && !req.tags.length) failing();
          listInputs.push({ search: req.search, statuses: req.statuses.length, tags: req.tags.length });
          if ((req.search || req.statuses.length || req.tags.length) && !premium) throw serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
          return { contacts };
        },
        getContact: (req) => {
          if (contactBroken?.on) throw new ConnectError("internal", Code.Internal);
          const found = contacts.find((c) => c.id === req.id);
          if (!found) throw serverError(Code.NotFound, "NOT_FOUND", "Contact introuvable");
          return { contact: found };
        },
        listDescendants: () => ({ descendantIds: [] }),
        listDuplicates: () => ({ pairs: [] }),
        listRecommendedContacts: (req) => {
          failing();
          return { recommendedContacts: contacts.filter((c) => c.parent?.id === req.id) };
        },
        searchTags: () => {
          if (!premium) throw serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
          return { tags: [tag("Banque"), tag("Lyon"), tag("Paris")] };
        },
        createContact: (req) => {
          if (createError) throw createError;
          created.push(req);
          const contact = draftToContact(`new-${created.length}`, req.contact!);
          contacts.push(contact);
          return { contact, task: req.contact?.task ? { id: "task-1" } : undefined };
        },
        deleteContact: (req) => {
          const i = contacts.findIndex((c) => c.id === req.id);
          if (i < 0 || !contacts[i]!.isDeletable) throw serverError(Code.FailedPrecondition, "CONTACT_NOT_DELETABLE");
          contacts.splice(i, 1);
          return {};
        },
        importContacts: (req) => {
          if (!premium) throw serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
          const text = new TextDecoder().decode(req.file?.data);
          if (!text.startsWith("First Name")) throw serverError(Code.InvalidArgument, "IMPORT_INVALID_FILE");
          return { importedContacts: IMPORTED, skipped: { alreadyInNetwork: 2, duplicateInFile: 0, noName: 1 } };
        },
        exportContacts: () => ({ file: { contentType: "text/csv", data: new TextEncoder().encode("First Name") }, filename: "contacts-tremplin-2026-11-27.csv" }),
        exportVCards: (req) => {
          if (!premium) throw serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
          exported.push(req.contactId);
          return { file: { contentType: "text/vcard", data: new TextEncoder().encode("BEGIN:VCARD") }, filename: req.contactId ? "claire-bernard.vcf" : "contacts-tremplin-2026-11-27.vcf" };
        },
        bulkCreateContacts: (req) => {
          bulk.push(req.contacts.length);
          return { createdContacts: req.contacts.map((c, i) => create(ContactSchema, { id: `imp-${i}`, firstName: c.firstName, lastName: c.lastName })) };
        },
      });
      if (broken) {
        service(ActivityService, {
          listTasks: () => (failing(), {}),
          listEvents: () => (failing(), {}),
        });
        service(OpportunityService, { listApplications: () => (failing(), {}) });
      }
    },
  });
  return { ...app, listInputs, created, bulk, contacts, exported };
}

async function table() {
  return within(await screen.findByRole("table", { name: "Mon réseau" }));
}

afterEach(() => vi.useRealTimers());

/** Opens « Ajouter un contact » and waits for the form, whose code loads with the first modal. */
async function openNewContact(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getAllByRole("button", { name: "Ajouter un contact" })[0]!);
  const dialog = within(await screen.findByRole("dialog", { name: "Nouveau contact" }));
  await dialog.findByRole("textbox", { name: /^Prénom/ });
  return dialog;
}

describe("contacts list", () => {
  it("says the list could not load instead of an empty network, and loads it on « Réessayer »", async () => {
    const broken = { on: true };
    renderNetwork("/contacts", { broken });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger vos contacts.");
    expect(screen.getByTestId("contacts-count").textContent).toBe("");
    expect(screen.queryByText(/Aucun contact|Votre réseau commence ici/)).toBeNull();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await table();
    expect(screen.getByTestId("contacts-count").textContent).toBe("4\u00a0contacts");
  });


  it("shows the count, the state bar by status and the spec's columns, sorted as the server answers", async () => {
    renderNetwork("/contacts");
    const t = await table();
    expect(screen.getByTestId("contacts-count").textContent).toBe("4\u00a0contacts");
    expect(screen.getByTestId("state-incomplete").textContent).toMatch(/Incomplet\s*1/);
    expect(screen.getByTestId("state-new").textContent).toMatch(/Nouveau\s*1/);
    expect(screen.getByTestId("state-engaged").textContent).toMatch(/Engagé\s*1/);
    expect(screen.getByTestId("state-thanked").textContent).toMatch(/Remercié\s*1/);
    expect(t.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Nom",
      "Opportunité",
      "Entreprise",
      "Téléphone",
      "E-mail",
      "Rang",
      "Statut",
      "Actions",
    ]);
    const rows = t.getAllByTestId("contact-row");
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["BERNARD Claire", "RENARD Hugo", "DUPONT Olivier", "DUBOIS Léa"]);
    expect(within(rows[0]!).getByRole("img", { name: "Lié à une opportunité" }).textContent).toBe("X");
    expect(within(rows[1]!).getByTestId("contact-rank").textContent).toBe("2 — via Claire BERNARD");
    expect(within(rows[0]!).getByTestId("contact-rank").textContent).toBe("1 — Vous");
  });

  it("filters by status and by search, accent-insensitive", async () => {
    renderNetwork("/contacts");
    const t = await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: /^Statut/ }));
    await u.click(await screen.findByRole("checkbox", { name: "Engagé" }));
    await u.keyboard("{Escape}");
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(1));
    expect(t.getByRole("link", { name: "DUBOIS Léa" })).toBeTruthy();
    await u.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    await u.type(screen.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }), "capgémini");
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(1));
    expect(t.getByRole("link", { name: "RENARD Hugo" })).toBeTruthy();
  });

  it("prefills the tag filter from the navigation state", async () => {
    const app = renderNetwork({ pathname: "/contacts", state: { tag: "Lyon" } });
    const t = await table();
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(2));
    expect(within(screen.getByTestId("active-filters")).getByText("Lyon")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Étiquettes/ }).textContent).toMatch(/1/);
    await waitFor(() => expect(app.calls).toContain("SearchTags"));
  });

  it("removes a filter with its chip, a button named for what it does", async () => {
    renderNetwork({ pathname: "/contacts", state: { tag: "Lyon" } });
    const t = await table();
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(2));
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Retirer le filtre Lyon" }));
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(4));
    expect(screen.queryByTestId("active-filters")).toBeNull();
  });

  it("sends non-subscribers to the subscription page from search, filters, tag filter and import, before any call", async () => {
    for (const control of ["search", "status", "tags", "import"] as const) {
      const app = renderNetwork("/contacts", { premium: false });
      await table();
      const u = userEvent.setup();
      expect(screen.getAllByTestId("premium-badge").length).toBeGreaterThanOrEqual(4);
      if (control === "search") await u.click(screen.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }));
      if (control === "status") await u.click(screen.getByRole("button", { name: /^Statut/ }));
      if (control === "tags") await u.click(screen.getByRole("button", { name: /^Étiquettes/ }));
      if (control === "import") await u.click(screen.getByRole("button", { name: /^Importer/ }));
      await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
      expect(app.calls.filter((c) => c === "SearchTags" || c === "ImportContacts")).toEqual([]);
      // Only the plain list was asked for: no search, status or tag filter reached the server.
      expect(app.listInputs.length).toBeGreaterThan(0);
      expect(app.listInputs.every((i) => i.search === "" && i.statuses === 0 && i.tags === 0)).toBe(true);
      document.body.innerHTML = "";
    }
  });

  it("explains why a contact cannot be deleted, and deletes a deletable one after confirmation", async () => {
    renderNetwork("/contacts");
    const t = await table();
    const u = userEvent.setup();
    await u.click(t.getByRole("button", { name: "Actions pour Claire BERNARD" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Supprimer" }).getAttribute("aria-disabled")).toBe("true");
    expect(within(menu).getByText("La suppression n'est pas possible pour un contact en cours ou clôturé")).toBeTruthy();
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    await u.click(t.getByRole("button", { name: "Actions pour Olivier DUPONT" }));
    await u.click(await screen.findByRole("menuitem", { name: "Supprimer" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer ce contact\u00a0?" });
    await u.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Le contact a été supprimé")).toBeTruthy();
    await waitFor(() => expect(t.queryByRole("link", { name: "DUPONT Olivier" })).toBeNull());
  });

  it("says why the server refused a deletion: something was linked to the contact meanwhile", async () => {
    const app = renderNetwork("/contacts");
    const t = await table();
    const u = userEvent.setup();
    // Hugo is new and deletable on screen; a task is linked to him in another tab.
    app.contacts.find((c) => c.firstName === "Hugo")!.isDeletable = false;
    await u.click(t.getByRole("button", { name: "Actions pour Hugo RENARD" }));
    await u.click(await screen.findByRole("menuitem", { name: "Supprimer" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer ce contact\u00a0?" });
    await u.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("La suppression n'est pas possible pour un contact lié à des activités ou à une opportunité")).toBeTruthy();
    expect(screen.queryByText("La suppression n'est pas possible pour un contact en cours ou clôturé")).toBeNull();
  });

  it("goes back to the first page when the filters change", async () => {
    renderNetwork("/contacts", { more: 60 });
    const t = await table();
    const u = userEvent.setup();
    const pages = () => screen.getByRole("navigation", { name: "Pages de la liste" });
    await u.click(within(pages()).getByRole("button", { name: /page 2$/ }));
    await waitFor(() => expect(t.getAllByTestId("contact-row")[0]!.textContent).toMatch(/^TEST46 Zoé/));
    await u.click(screen.getByRole("button", { name: /^Statut/ }));
    await u.click(await screen.findByRole("checkbox", { name: "Nouveau" }));
    await u.keyboard("{Escape}");
    await waitFor(() => expect(t.getAllByTestId("contact-row")[0]!.textContent).toMatch(/^RENARD Hugo/));
    expect(within(pages()).getByRole("button", { current: "page" }).textContent).toBe("1");
  });

  it("opens the task modal for the contact from its row actions", async () => {
    renderNetwork("/contacts");
    const t = await table();
    const u = userEvent.setup();
    await u.click(t.getByRole("button", { name: "Actions pour Hugo RENARD" }));
    await u.click(await screen.findByRole("menuitem", { name: "Ajouter une tâche" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvelle tâche" });
    await waitFor(() => expect((within(dialog).getByRole("combobox", { name: /^Contact/ }) as HTMLInputElement).value).toMatch(/^Hugo RENARD/));
  });
});

describe("contact modal", () => {
  it("creating a reachable contact prompts a first task, sent in the same call", async () => {
    const app = renderNetwork("/contacts");
    await table();
    const u = userEvent.setup();
    const dialog = await openNewContact(u);
    await u.type(dialog.getByRole("textbox", { name: /^Prénom/ }), "Anne");
    await u.type(dialog.getByRole("textbox", { name: /^Nom/ }), "le  gall2");
    expect((dialog.getByRole("textbox", { name: /^Nom/ }) as HTMLInputElement).value).toBe("LE GALL");
    expect(dialog.getByTestId("status-preview").textContent).toMatch(/Incomplet/);
    await u.type(dialog.getByRole("textbox", { name: "Mobile" }), "06 12 34 56 78");
    expect(dialog.getByTestId("status-preview").textContent).toMatch(/Nouveau/);
    await u.click(dialog.getByRole("button", { name: "Continuer" }));
    expect(await dialog.findByText(/Étape 2 sur 2/)).toBeTruthy();
    expect(dialog.getByText("Planifiez dès maintenant votre premier échange avec Anne LE GALL.")).toBeTruthy();
    await u.click(dialog.getByRole("button", { name: "Créer le contact et la tâche" }));
    expect(await screen.findByText("Le contact et sa première tâche ont été créés")).toBeTruthy();
    expect(app.created).toHaveLength(1);
    const draft = app.created[0]!.contact!;
    expect(draft.lastName).toBe("LE GALL");
    expect(draft.task?.subject).toBe(TaskSubject.FIRST_CONTACT);
    expect(draft.task?.priority).toBe(TaskPriority.NORMAL);
    expect(draft.task?.deadline).toBeDefined();
  });

  it("creating an incomplete contact shows the information notice", async () => {
    const app = renderNetwork("/contacts");
    await table();
    const u = userEvent.setup();
    const dialog = await openNewContact(u);
    await u.click(dialog.getByRole("button", { name: "Créer le contact" }));
    expect(await dialog.findAllByText("Ce champ est obligatoire")).toHaveLength(2);
    // An empty submit focuses the first field in error, in reading order.
    expect(document.activeElement).toBe(dialog.getByRole("textbox", { name: /^Prénom/ }));
    await u.type(dialog.getByRole("textbox", { name: /^Prénom/ }), "Karim");
    await u.type(dialog.getByRole("textbox", { name: /^Nom/ }), "Haddad");
    await u.type(dialog.getByRole("textbox", { name: "E-mail" }), "pas-un-email");
    await u.click(dialog.getByRole("button", { name: "Continuer" }));
    expect(await dialog.findByText("Le format de l'email est incorrect")).toBeTruthy();
    await u.clear(dialog.getByRole("textbox", { name: "E-mail" }));
    await u.click(dialog.getByRole("button", { name: "Créer le contact" }));
    const notice = await screen.findByRole("dialog", { name: "Contact incomplet" });
    expect(within(notice).getByRole("button", { name: "J'ai compris" })).toBeTruthy();
    expect(app.created[0]!.contact!.task).toBeUndefined();
  });
});

describe("contact modal, refused calls", () => {
  /** Creates « Anne GALL » on a network whose creation fails with `createError`. */
  async function createRefused(createError: ConnectError) {
    const app = renderNetwork("/contacts", { createError });
    await table();
    const u = userEvent.setup();
    const dialog = await openNewContact(u);
    await u.type(dialog.getByRole("textbox", { name: /^Prénom/ }), "Anne");
    await u.type(dialog.getByRole("textbox", { name: /^Nom/ }), "Gall");
    await u.click(dialog.getByRole("button", { name: "Créer le contact" }));
    return app;
  }

  it("a session lost while creating signs out to /login with the explanation, without crashing", async () => {
    const app = await createRefused(serverError(Code.Unauthenticated, "UNAUTHENTICATED"));
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(await screen.findByText("Votre session a expiré. Merci de vous reconnecter.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await expectNoGenericError();
  });

  it("PREMIUM_REQUIRED while creating goes to the subscription page, the modal gone", async () => {
    const app = await createRefused(serverError(Code.PermissionDenied, "PREMIUM_REQUIRED"));
    await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("export", () => {
  /** The names of the files the page saved. */
  function downloads() {
    const names: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:fichier");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return names;
  }
  afterEach(() => vi.restoreAllMocks());

  it("offers a spreadsheet and a phone's file; a contact's menu downloads its card", async () => {
    const saved = downloads();
    const app = renderNetwork("/contacts");
    const t = await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Exporter" }));
    const menu = within(screen.getByRole("menu", { name: "Exporter mes contacts" }));
    expect(menu.getAllByRole("menuitem").map((i) => i.textContent)).toEqual([
      "Tableur (.csv)Excel, LibreOffice, Google Sheets",
      "Téléphone (.vcf)Contacts de l'iPhone, d'Android, Outlook",
    ]);
    await u.click(menu.getByRole("menuitem", { name: /^Tableur/ }));
    await waitFor(() => expect(saved).toEqual(["contacts-tremplin-2026-11-27.csv"]));
    await u.click(screen.getByRole("button", { name: "Exporter" }));
    await u.click(screen.getByRole("menuitem", { name: /^Téléphone/ }));
    await waitFor(() => expect(saved).toContain("contacts-tremplin-2026-11-27.vcf"));
    expect(app.exported).toEqual([""]);

    await u.click(t.getByRole("button", { name: "Actions pour Claire BERNARD" }));
    await u.click(screen.getByRole("menuitem", { name: "Exporter la fiche (.vcf)" }));
    await waitFor(() => expect(saved).toContain("claire-bernard.vcf"));
    expect(app.exported).toEqual(["", app.contacts.find((c) => c.firstName === "Claire")!.id]);
  });

  it("sends a non-subscriber to the subscription page for the phone's file, not for the spreadsheet", async () => {
    const saved = downloads();
    const app = renderNetwork("/contacts", { premium: false });
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Exporter" }));
    expect(within(screen.getByRole("menuitem", { name: /^Téléphone/ })).getByTestId("premium-badge")).toBeTruthy();
    await u.click(screen.getByRole("menuitem", { name: /^Tableur/ }));
    await waitFor(() => expect(saved).toEqual(["contacts-tremplin-2026-11-27.csv"]));
    await u.click(screen.getByRole("button", { name: "Exporter" }));
    await u.click(screen.getByRole("menuitem", { name: /^Téléphone/ }));
    await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
    expect(app.exported).toEqual([]);
  });
});

describe("import flow", () => {
  it("loads, pauses 500 ms, then lets the user search, select and confirm", async () => {
    const app = renderNetwork("/contacts");
    await table();
    // The picker accepts .csv and .vcf only; a file dropped on it could be anything.
    const u = userEvent.setup({ applyAccept: false });
    await u.click(screen.getByRole("button", { name: "Importer" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Importer des contacts" }));
    const input = (await dialog.findByTestId("import-file")) as HTMLInputElement;
    expect(input.accept).toBe(".csv,text/csv,.vcf,text/vcard");

    // A file that is neither a .csv nor a .vcf is refused before sending.
    await u.upload(input, new File(["x"], "contacts.xlsx"));
    expect((await dialog.findByTestId("import-error")).textContent).toBe("Choisissez un fichier au format .csv ou .vcf.");
    expect(app.calls).not.toContain("ImportContacts");

    const started = Date.now();
    await u.upload(input, new File(["First Name,Last Name\nHélène,Martin\n"], "Connections.csv", { type: "text/csv" }));
    expect(await dialog.findByText("Lecture du fichier…")).toBeTruthy();
    const selectAll = await dialog.findByRole("button", { name: "Tout sélectionner" }, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAUSE - 20);
    const confirm = () => dialog.getByRole("button", { name: /^Importer/ });
    expect(confirm()).toHaveProperty("disabled", true);
    // The rows left out, and why.
    expect(dialog.getByTestId("import-skipped").textContent).toBe("3 lignes ignorées : 2 déjà dans votre réseau, 1 sans nom");

    await u.click(selectAll);
    expect(dialog.getByTestId("import-selected").textContent).toBe("3 sur 3 sélectionnés");
    await u.click(dialog.getByRole("button", { name: "Tout désélectionner" }));
    expect(confirm()).toHaveProperty("disabled", true);

    await u.type(dialog.getByRole("textbox", { name: "Rechercher dans la liste" }), "lefevre");
    expect(dialog.getAllByRole("checkbox")).toHaveLength(1);
    await u.click(dialog.getByRole("checkbox", { name: "Éric LEFÈVRE" }));
    await u.clear(dialog.getByRole("textbox", { name: "Rechercher dans la liste" }));
    await u.type(dialog.getByRole("textbox", { name: "Rechercher dans la liste" }), "zzz");
    expect(dialog.getByText("Pas de contact correspondant au critère")).toBeTruthy();
    await u.clear(dialog.getByRole("textbox", { name: "Rechercher dans la liste" }));
    await u.click(dialog.getByRole("checkbox", { name: "Sean O'NEIL" }));
    expect(confirm().textContent).toBe("Importer 2\u00a0contacts");
    await u.click(confirm());
    await waitFor(() => expect(screen.getAllByTestId("toast").map((t) => t.textContent)).toContain("2\u00a0contacts ont été importés"));
    expect(app.bulk).toEqual([2]);
  });

  it("opens the file chooser from a real button, with the keyboard", async () => {
    renderNetwork("/contacts");
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Importer" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Importer des contacts" }));
    const button = await dialog.findByRole("button", { name: "Choisir un fichier" });
    expect(button.tagName).toBe("BUTTON");
    const input = dialog.getByTestId("import-file") as HTMLInputElement;
    const opened = vi.fn();
    input.addEventListener("click", opened);
    button.focus();
    await u.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);
    await u.keyboard(" ");
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it("goes back to the picker with the spec's message when the server refuses the file", async () => {
    renderNetwork("/contacts");
    await table();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Importer" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Importer des contacts" }));
    await u.upload(await dialog.findByTestId("import-file"), new File(["n'importe quoi"], "photo.csv", { type: "text/csv" }));
    expect((await dialog.findByTestId("import-error")).textContent).toBe("Erreur lors de l'importation de contacts");
    expect(dialog.getByRole("button", { name: "Choisir un fichier" })).toBeTruthy();
  });
});

describe("contact details", () => {
  it("shows the contact, its rank, tags leading to the filtered list, and empty activity panels", async () => {
    const app = renderNetwork("/contact/22222222-2222-4222-8222-222222222222");
    expect(await screen.findByRole("heading", { level: 1, name: "Hugo RENARD" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Fil d'Ariane" }).textContent).toContain("Mon réseau");
    expect(screen.getByTestId("details-rank").textContent).toBe("2 — via Claire BERNARD");
    expect(screen.getByTestId("contact-added").textContent).toMatch(/^Ajouté le \d{2}\/\d{2}\/\d{4}$/);
    // Activities and applications answer Unimplemented: empty states, no error toast.
    expect(await screen.findByText("Aucune activité en cours avec ce contact.")).toBeTruthy();
    expect(await screen.findByText("Ce contact n'est lié à aucune opportunité.")).toBeTruthy();
    await expectNoGenericError();

    const u = userEvent.setup();
    await u.click(screen.getByRole("link", { name: "Lyon" }));
    await waitFor(() => expect(app.location()).toBe("/contacts"));
    const t = await table();
    await waitFor(() => expect(t.getAllByTestId("contact-row")).toHaveLength(2));
  });

  it("says when a panel could not load, never « aucune », and loads it again on « Réessayer »", async () => {
    const broken = { on: true };
    renderNetwork("/contact/22222222-2222-4222-8222-222222222222", { broken });
    expect(await screen.findByRole("heading", { level: 1, name: "Hugo RENARD" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("load-error")).toHaveLength(3));
    const texts = screen.getAllByTestId("load-error").map((e) => e.textContent);
    expect(texts).toEqual([
      expect.stringContaining("Impossible de charger les activités de ce contact."),
      expect.stringContaining("Impossible de charger les opportunités liées à ce contact."),
      expect.stringContaining("Impossible de charger les contacts qu'il vous a présentés."),
    ]);
    for (const none of ["Aucune activité en cours avec ce contact.", "Ce contact n'est lié à aucune opportunité.", "Ce contact ne vous a encore présenté personne."]) {
      expect(screen.queryByText(none)).toBeNull();
    }
    expect(screen.queryByRole("tab", { name: /\(0\)/ })).toBeNull();

    broken.on = false;
    const u = userEvent.setup();
    for (const retry of screen.getAllByRole("button", { name: "Réessayer" })) await u.click(retry);
    expect(await screen.findByText("Ce contact n'est lié à aucune opportunité.")).toBeTruthy();
    expect(await screen.findByText("Aucune activité en cours avec ce contact.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("load-error")).toBeNull());
  });

  it("marks « Mon réseau » as the current section of the header menu", async () => {
    renderNetwork("/contact/22222222-2222-4222-8222-222222222222");
    await screen.findByRole("heading", { level: 1, name: "Hugo RENARD" });
    const menu = within(screen.getByRole("navigation", { name: "Menu principal" }));
    expect(menu.getByRole("link", { current: "page" }).textContent).toBe("Mon réseau");
  });

  it("shows a clean « contact introuvable » state for an unknown id", async () => {
    renderNetwork("/contact/99999999-9999-4999-8999-999999999999");
    expect(await screen.findByRole("heading", { level: 1, name: "Contact introuvable" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Retour à mon réseau" }).getAttribute("href")).toBe("/contacts");
    await expectNoGenericError();
  });

  it("says the contact could not load when the server fails, never « introuvable », and loads it on « Réessayer »", async () => {
    const contactBroken = { on: true };
    renderNetwork("/contact/22222222-2222-4222-8222-222222222222", { contactBroken });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger ce contact.");
    expect(screen.getByRole("heading", { level: 1, name: "Fiche contact" })).toBeTruthy();
    expect(screen.queryByText("Contact introuvable")).toBeNull();
    contactBroken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Hugo RENARD" })).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });
});
