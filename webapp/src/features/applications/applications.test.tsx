// The application modals and /application/{id} in the app, in jsdom, against in-memory
// NetworkService, OpportunityService and ActivityService (src/test/harness.tsx).
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ActivityService, type CreateTaskRequest } from "../../gen/tremplin/activity/v1/activity_pb";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { ContactSchema, NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import {
  ApplicationSchema,
  ApplicationSource,
  ApplicationStatus,
  OpportunityService,
  type Application,
  type ApplicationDraft,
  type MarkApplicationAsCompleteRequest,
} from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { notFoundError, serverError } from "../../test/errors";
import { renderApp } from "../../test/harness";

const CLAIRE = "11111111-1111-4111-8111-111111111111";
const HUGO = "22222222-2222-4222-8222-222222222222";
const APP = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";

function contacts() {
  const c = (init: MessageInitShape<typeof ContactSchema>) => create(ContactSchema, { rank: 1, status: ContactStatus.NEW, createdDate: timestampNow(), ...init });
  return [
    c({ id: CLAIRE, firstName: "Claire", lastName: "BERNARD", company: "BNP Paribas", email: "claire@bnp.example" }),
    c({ id: HUGO, firstName: "Hugo", lastName: "RENARD", company: "Capgemini", email: "hugo@cap.example" }),
  ];
}

function application(init: MessageInitShape<typeof ApplicationSchema> = {}): Application {
  return create(ApplicationSchema, {
    id: APP,
    company: "Capgemini",
    job: "Consultant",
    source: ApplicationSource.JOB_BOARD,
    reference: "CAP-1",
    status: ApplicationStatus.NEW,
    createdDate: timestampNow(),
    contacts: [{ id: HUGO, firstName: "Hugo", lastName: "RENARD", company: "Capgemini" }],
    ...init,
  });
}

function renderApplications(at: string, { existing = [application()], failTasks = false, failKnown = false }: { existing?: Application[]; failTasks?: boolean; failKnown?: boolean } = {}) {
  const apps = [...existing];
  const drafts: ApplicationDraft[] = [];
  const completions: MarkApplicationAsCompleteRequest[] = [];
  const tasks: CreateTaskRequest[] = [];
  const added: string[] = [];
  const people = contacts();
  const fromDraft = (id: string, d: ApplicationDraft) =>
    create(ApplicationSchema, {
      id,
      company: d.company,
      job: d.job,
      reference: d.reference,
      source: d.source,
      status: ApplicationStatus.NEW,
      createdDate: timestampNow(),
      contacts: people.filter((p) => d.contactIds.includes(p.id)).map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, company: p.company })),
    });
  const app = renderApp({
    at,
    routes: ({ service }) => {
      service(NetworkService, {
        listContacts: () => ({ contacts: people }),
        listRecommendedContacts: () => ({ recommendedContacts: [] }),
      });
      service(OpportunityService, {
        listApplications: () => ({ applications: apps }),
        getApplication: (req) => {
          const found = apps.find((a) => a.id === req.id);
          if (!found) throw serverError(Code.NotFound, "NOT_FOUND", "Opportunité introuvable");
          return { application: found };
        },
        createApplication: (req) => {
          drafts.push(req.application!);
          const created = fromDraft(`bbbbbbbb-bbbb-4bbb-8bbb-${String(drafts.length).padStart(12, "0")}`, req.application!);
          apps.unshift(created);
          return { application: created };
        },
        updateApplication: (req) => {
          drafts.push(req.application!);
          const i = apps.findIndex((a) => a.id === req.id);
          apps[i] = fromDraft(req.id, req.application!);
          return { application: apps[i] };
        },
        markApplicationAsComplete: (req) => {
          completions.push(req);
          const i = apps.findIndex((a) => a.id === req.id);
          apps[i] = create(ApplicationSchema, { ...apps[i]!, status: req.status, comment: req.comment });
          return { application: apps[i] };
        },
        listKnownContacts: () => {
          if (failKnown) throw serverError(Code.Internal, undefined, "boom");
          return {
            knownContacts: [
              { contact: { id: HUGO, firstName: "Hugo", lastName: "RENARD", company: "Capgemini" }, job: "Manager", rank: 1, associated: true },
              {
                contact: { id: CLAIRE, firstName: "Claire", lastName: "BERNARD", company: "CAPGEMINI SE" },
                job: "Directrice",
                rank: 3,
                intermediaries: [
                  { id: "p1", firstName: "Paul", lastName: "MARTIN" },
                  { id: "p2", firstName: "Claire", lastName: "DUBOIS" },
                ],
                associated: added.includes(CLAIRE),
              },
            ],
          };
        },
        addApplicationContact: (req) => {
          added.push(req.contactId);
          return { application: apps[0] };
        },
      });
      service(ActivityService, {
        listTasks: () => {
          if (failTasks) throw serverError(Code.Internal, undefined, "boom");
          return { tasks: [] };
        },
        listEvents: () => ({ events: [] }),
        createTask: (req) => {
          tasks.push(req);
          return { task: { id: "task-1", subject: req.task!.subject } };
        },
      });
    },
  });
  return { ...app, drafts, completions, tasks, added };
}

async function openCreate(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole("button", { name: "Ajouter une candidature" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Nouvelle candidature" }));
  await dialog.findByRole("textbox", { name: /^Entreprise/ });
  return dialog;
}

/** Types a value at once (userEvent.type is one event per key: slow on a busy machine). */
async function fill(u: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

async function pick(u: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await u.click(combobox);
  await u.click(await screen.findByRole("option", { name: option }));
}

describe("application modal", () => {
  it("requires company, job and source on submit, in French, without calling the server", async () => {
    const app = renderApplications("/applications");
    const u = userEvent.setup();
    const dialog = await openCreate(u);
    expect(dialog.queryByText("Ce champ est obligatoire")).toBeNull();
    await u.click(dialog.getByRole("button", { name: "Créer la candidature" }));
    await waitFor(() => expect(dialog.getAllByText("Ce champ est obligatoire")).toHaveLength(3));
    expect(document.activeElement).toBe(dialog.getByRole("textbox", { name: /^Entreprise/ }));
    expect(app.calls).not.toContain("CreateApplication");
    // Corrected as typed once submitted.
    await fill(u, dialog.getByRole("textbox", { name: /^Entreprise/ }), "Airbus");
    await waitFor(() => expect(dialog.getAllByText("Ce champ est obligatoire")).toHaveLength(2));
  });

  it("hides and clears the reference when the source is my network", async () => {
    const app = renderApplications("/applications");
    const u = userEvent.setup();
    const dialog = await openCreate(u);
    await fill(u, dialog.getByRole("textbox", { name: /^Entreprise/ }), "Airbus");
    await fill(u, dialog.getByRole("textbox", { name: /^Poste/ }), "Chef de projet");
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Site d'emploi");
    await fill(u, dialog.getByRole("textbox", { name: "Référence de l'offre" }), "AIR-1");
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Mon réseau");
    expect(dialog.queryByRole("textbox", { name: "Référence de l'offre" })).toBeNull();
    expect(dialog.getByTestId("reference-hidden")).toBeTruthy();
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Site d'emploi");
    expect((dialog.getByRole("textbox", { name: "Référence de l'offre" }) as HTMLInputElement).value).toBe("");
    await fill(u, dialog.getByRole("textbox", { name: "Référence de l'offre" }), "AIR-2");
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Mon réseau");
    await u.click(dialog.getByRole("button", { name: "Créer la candidature" }));
    await waitFor(() => expect(app.drafts).toHaveLength(1));
    expect(app.drafts[0]!.reference).toBe("");
    expect(app.drafts[0]!.source).toBe(ApplicationSource.MY_NETWORK);
  });

  it("creates with contacts and links, then offers the first task locked to the new application", async () => {
    const app = renderApplications("/applications");
    const u = userEvent.setup();
    const dialog = await openCreate(u);
    await fill(u, dialog.getByRole("textbox", { name: /^Entreprise/ }), "  Airbus ");
    await fill(u, dialog.getByRole("textbox", { name: /^Poste/ }), "Chef de projet");
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Candidature spontanée");
    await fill(u, dialog.getByRole("combobox", { name: "Contacts associés" }), "bnp");
    await u.click(await screen.findByRole("option", { name: /Claire BERNARD/ }));
    // A link needs both a label and an address: a half-filled one is dropped.
    await u.click(dialog.getByRole("button", { name: "Ajouter un lien" }));
    await fill(u, dialog.getAllByRole("textbox", { name: "Libellé" })[0]!, "Offre");
    await fill(u, dialog.getAllByRole("textbox", { name: "Adresse (URL)" })[0]!, "https://exemple.fr/o");
    await u.click(dialog.getByRole("button", { name: "Ajouter un lien" }));
    await fill(u, dialog.getAllByRole("textbox", { name: "Libellé" })[1]!, "Sans adresse");
    await u.click(dialog.getByRole("button", { name: "Créer la candidature" }));
    await waitFor(() => expect(app.drafts).toHaveLength(1));
    const draft = app.drafts[0]!;
    expect(draft.company).toBe("Airbus");
    expect(draft.contactIds).toEqual([CLAIRE]);
    expect(draft.resources?.items.map((r) => [r.label, r.url])).toEqual([["Offre", "https://exemple.fr/o"]]);
    expect(await screen.findByText("Candidature créée")).toBeTruthy();

    const prompt = within(await screen.findByRole("dialog", { name: "Et la suite\u00a0?" }));
    const applicationField = await prompt.findByRole("combobox", { name: /^Opportunité/ });
    expect(applicationField.getAttribute("aria-disabled")).toBe("true");
    await waitFor(() => expect(applicationField.textContent).toBe("Chef de projet — Airbus"));
    expect(prompt.getByRole("combobox", { name: /^Sujet/ }).textContent).toBe("Envoi de candidature");
    expect(prompt.getByRole("combobox", { name: /^Priorité/ }).textContent).toBe("Normale");
    expect(prompt.getByRole("button", { name: "Ignorer" })).toBeTruthy();
    await u.click(prompt.getByRole("button", { name: "Ignorer" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(app.tasks).toHaveLength(0);
  });

  it("edits an application with its values loaded", async () => {
    const app = renderApplications(`/application/${APP}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Modifier" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Modifier la candidature" }));
    const job = await dialog.findByRole("textbox", { name: /^Poste/ });
    expect((job as HTMLInputElement).value).toBe("Consultant");
    expect((dialog.getByRole("textbox", { name: "Référence de l'offre" }) as HTMLInputElement).value).toBe("CAP-1");
    expect(dialog.getByRole("button", { name: /Hugo RENARD/ })).toBeTruthy();
    await u.clear(job);
    await fill(u, job, "Consultant senior");
    await u.click(dialog.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(app.drafts).toHaveLength(1));
    expect(app.drafts[0]!.job).toBe("Consultant senior");
    expect(app.drafts[0]!.contactIds).toEqual([HUGO]);
    expect(await screen.findByText("Candidature modifiée")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("application-job").textContent).toBe("Consultant senior"));
  });

  it("shows the server's field refusals under their fields", async () => {
    renderApp({
      at: "/applications",
      routes: ({ service }) => {
        service(NetworkService, { listContacts: () => ({ contacts: [] }) });
        service(OpportunityService, {
          createApplication: () => {
            throw notFoundError("contact");
          },
        });
      },
    });
    const u = userEvent.setup();
    const dialog = await openCreate(u);
    await fill(u, dialog.getByRole("textbox", { name: /^Entreprise/ }), "Airbus");
    await fill(u, dialog.getByRole("textbox", { name: /^Poste/ }), "Chef de projet");
    await pick(u, dialog.getByRole("combobox", { name: /^Source/ }), "Autre");
    await u.click(dialog.getByRole("button", { name: "Créer la candidature" }));
    expect(await dialog.findByText("Un des contacts choisis n'existe plus. Vérifiez la liste et réessayez.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Nouvelle candidature" })).toBeTruthy();
  });
});

describe("application report", () => {
  it("requires the outcome, then closes the application as won with the comment: final", async () => {
    const app = renderApplications(`/application/${APP}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Marquer comme terminée" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Clôturer la candidature" }));
    await u.click(await dialog.findByRole("button", { name: "Clôturer la candidature" }));
    expect(await dialog.findByText("Ce champ est obligatoire")).toBeTruthy();
    expect(app.completions).toHaveLength(0);
    await u.click(dialog.getByRole("radio", { name: /Gagnée/ }));
    await waitFor(() => expect(dialog.queryByText("Ce champ est obligatoire")).toBeNull());
    await fill(u, dialog.getByRole("textbox", { name: "Commentaire" }), "Offre acceptée");
    await u.click(dialog.getByRole("button", { name: "Clôturer la candidature" }));
    await waitFor(() => expect(app.completions).toHaveLength(1));
    expect(app.completions[0]!.status).toBe(ApplicationStatus.WIN);
    expect(app.completions[0]!.comment).toBe("Offre acceptée");
    expect(await screen.findByText("Candidature clôturée")).toBeTruthy();
    expect((await screen.findByTestId("report-outcome")).textContent).toBe("Candidature gagnée");
    expect(screen.getByTestId("report-comment").textContent).toBe("Offre acceptée");
    expect(screen.queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Marquer comme terminée" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter une tâche" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter un entretien" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Associer/ })).toBeNull();
  });
});

describe("application details", () => {
  it("shows a lost application as final, with its report", async () => {
    renderApplications(`/application/${APP}`, { existing: [application({ status: ApplicationStatus.LOST, comment: "Poste pourvu" })] });
    expect((await screen.findByTestId("report-outcome")).textContent).toBe("Candidature perdue");
    expect(screen.getByTestId("report-comment").textContent).toBe("Poste pourvu");
    expect(screen.queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter une tâche" })).toBeNull();
  });

  it("lists who the candidate knows there, with the chain, and associates in one click", async () => {
    const app = renderApplications(`/application/${APP}`);
    const u = userEvent.setup();
    const panel = within(await screen.findByRole("region", { name: "Qui je connais là-bas\u00a0?" }));
    const lines = await panel.findAllByTestId("known-contact");
    expect(within(lines[0]!).getByTestId("known-chain").textContent).toBe("Vous le connaissez directement");
    expect(within(lines[0]!).getByTestId("known-associated")).toBeTruthy();
    expect(within(lines[1]!).getByText("Rang 3")).toBeTruthy();
    expect(within(lines[1]!).getByTestId("known-chain").textContent).toBe("via Paul MARTIN → Claire DUBOIS");
    await u.click(within(lines[1]!).getByRole("button", { name: "Associer Claire BERNARD à la candidature" }));
    await waitFor(() => expect(app.added).toEqual([CLAIRE]));
    await waitFor(() => expect(within(lines[1]!).getByTestId("known-associated")).toBeTruthy());
  });

  it("says when a panel could not load, never « aucune »", async () => {
    renderApplications(`/application/${APP}`, { failTasks: true, failKnown: true });
    expect(await screen.findByText("Impossible de charger les activités de cette candidature.")).toBeTruthy();
    expect(await screen.findByText("Impossible de charger vos contacts dans cette entreprise.")).toBeTruthy();
    expect(screen.queryByText("Aucune activité en cours pour cette candidature.")).toBeNull();
  });

  it("shows the not-found state for an unknown id", async () => {
    renderApplications("/application/cccccccc-cccc-4ccc-8ccc-cccccccccccc");
    expect(await screen.findByRole("heading", { level: 1, name: "Candidature introuvable" })).toBeTruthy();
  });

  it("offers web links only, opened in a new tab without the opener", async () => {
    renderApplications(`/application/${APP}`, {
      existing: [
        application({
          resources: [
            { label: "Offre", url: "https://exemple.fr/o" },
            { label: "Courriel", url: "mailto:rh@exemple.fr" },
            { label: "Piège", url: "javascript:alert(1)" },
          ],
        }),
      ],
    });
    const info = within(await screen.findByRole("region", { name: "Informations" }));
    const link = info.getByRole("link", { name: /Offre/ });
    expect(link.getAttribute("href")).toBe("https://exemple.fr/o");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(info.queryByRole("link", { name: /Courriel/ })).toBeNull();
    expect(info.queryByRole("link", { name: /Piège/ })).toBeNull();
    expect(info.getByText("Piège")).toBeTruthy();
  });
});
