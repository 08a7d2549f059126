// /applications in the app, in jsdom, against an in-memory OpportunityService (Connect router
// transport, src/test/harness.tsx). The application modals (another part of the feature) are
// stubbed: report() answers what the test decides.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  ApplicationSchema,
  ApplicationSource,
  ApplicationStatus,
  OpportunityService,
  type Application,
  type MoveApplicationRequest,
} from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { expectNoGenericError } from "../../../test/absence";
import { serverError } from "../../../test/errors";
import { candidate, renderApp } from "../../../test/harness";
import { VIEW_STORAGE_KEY } from "../list/model";

const report = vi.fn<(a: Application, outcome?: ApplicationStatus) => Promise<boolean>>();
const createModal = vi.fn();
vi.mock("../modals/useApplicationModals", () => ({
  useApplicationModals: () => ({ create: createModal, edit: vi.fn(), report }),
}));

const m = applicationListMessages;
const nb = "\u00a0";

function seed(): Application[] {
  const a = (init: MessageInitShape<typeof ApplicationSchema>) =>
    create(ApplicationSchema, { createdDate: timestampNow(), source: ApplicationSource.JOB_BOARD, ...init });
  return [
    a({ id: "11111111-1111-4111-8111-111111111111", company: "Thales", job: "Chef de projet IT", reference: "THA-4410", place: "Vélizy", status: ApplicationStatus.NEW }),
    a({ id: "22222222-2222-4222-8222-222222222222", company: "Société Générale SA", job: "Product owner", salary: "55 k€", status: ApplicationStatus.NEW }),
    a({ id: "33333333-3333-4333-8333-333333333333", company: "BNP Paribas", job: "Chef de projet digital", status: ApplicationStatus.ENGAGED }),
    a({ id: "44444444-4444-4444-8444-444444444444", company: "Ubisoft", job: "Producer junior", status: ApplicationStatus.LOST }),
    a({ id: "55555555-5555-4555-8555-555555555555", company: "Orange", job: "Product manager", status: ApplicationStatus.WIN }),
  ];
}

function renderApplications({ premium = true, broken }: { premium?: boolean; broken?: { on: boolean } } = {}) {
  const apps = seed();
  const moves: MoveApplicationRequest[] = [];
  const listInputs: { search: string; statuses: number }[] = [];
  const harness = renderApp({
    at: "/applications",
    user: candidate({ hasPremiumAccess: premium }),
    routes: ({ service }) => {
      service(OpportunityService, {
        listApplications: (req) => {
          // While broken.on, the list fails as a dropped connection does.
          if (broken?.on) throw new ConnectError("fetch failed", Code.Unavailable);
          listInputs.push({ search: req.search, statuses: req.statuses.length });
          return { applications: apps };
        },
        // Served so that a move sent by the board would be recorded (and refused, as the
        // server refuses the moves the board does not offer).
        moveApplication: (req) => {
          moves.push(req);
          throw serverError(Code.FailedPrecondition, "ERROR_REASON_APPLICATION_ENGAGED_BY_ACTIVITY");
        },
      });
    },
  });
  return { ...harness, apps, moves, listInputs };
}

beforeEach(() => {
  localStorage.clear();
  report.mockReset();
  createModal.mockReset();
});

afterEach(() => localStorage.clear());

describe("/applications, the list", () => {
  it("says the list could not load instead of « no application yet », and loads it on « Réessayer »", async () => {
    const broken = { on: true };
    renderApplications({ broken });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger vos candidatures.");
    expect(screen.queryByText(m.emptyTitle)).toBeNull();
    // The page shows the failure: no second, generic toast.
    await expectNoGenericError();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(screen.getByTestId("applications-count").textContent).toBe(`5${nb}candidatures`));
    expect(screen.queryByTestId("load-error")).toBeNull();
  });

  it("shows the title, the count, the state bar and the spec's columns, newest first as sent", async () => {
    renderApplications();
    expect(await screen.findByRole("heading", { level: 1, name: m.title })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("applications-count").textContent).toBe(`5${nb}candidatures`));
    const bar = screen.getByRole("region", { name: m.stateBar });
    expect(within(bar).getByTestId("state-new").textContent).toContain("Nouvelle2");
    expect(within(bar).getByTestId("state-engaged").textContent).toContain("Engagée1");
    expect(within(bar).getByTestId("state-lost").textContent).toContain("Perdue1");
    expect(within(bar).getByTestId("state-win").textContent).toContain("Gagnée1");
    const table = screen.getByRole("table", { name: m.title });
    for (const name of ["Entreprise et poste", "Référence", "Salaire", "Source", "Détails de la source", "Publication", "Lieu", "Statut"]) {
      expect(within(table).getByRole("columnheader", { name })).toBeTruthy();
    }
    const rows = screen.getAllByTestId("application-row");
    expect(rows.map((r) => within(r).getAllByRole("link")[0]!.textContent)).toEqual(["Thales", "Société Générale SA", "BNP Paribas", "Ubisoft", "Orange"]);
    expect(within(rows[0]!).getByRole("link", { name: "Thales" }).getAttribute("href")).toBe("/application/11111111-1111-4111-8111-111111111111");
  });

  it("searches by company and filters by status, with the count shown and a way out", async () => {
    const user = userEvent.setup();
    renderApplications();
    await screen.findAllByTestId("application-row");
    await user.type(screen.getByRole("searchbox", { name: m.search }), "societe");
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(1));
    expect(screen.getByTestId("applications-shown").textContent).toContain("1 sur 5 affichée");
    await user.click(screen.getByRole("button", { name: m.clearFilters }));
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(5));

    await user.click(screen.getByRole("button", { name: /^Statut/ }));
    await user.click(screen.getByRole("checkbox", { name: "Gagnée" }));
    await user.click(screen.getByRole("checkbox", { name: "Perdue" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(2));
    expect(screen.getByTestId("applications-shown").textContent).toContain("2 sur 5 affichées");
    await user.click(screen.getByRole("button", { name: m.removeFilter("Gagnée") }));
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(1));
  });

  it("sends a non-subscriber to the subscription page from the search and the status filter", async () => {
    for (const control of ["search", "status"] as const) {
      const user = userEvent.setup();
      const app = renderApplications({ premium: false });
      await screen.findAllByTestId("application-row");
      expect(screen.getAllByTestId("premium-badge").length).toBeGreaterThanOrEqual(2);
      if (control === "search") await user.click(screen.getByRole("searchbox", { name: m.search }));
      if (control === "status") await user.click(screen.getByRole("button", { name: /^Statut/ }));
      await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
      // The status menu never opened, and only the plain list reached the server.
      expect(screen.queryByRole("checkbox", { name: "Gagnée" })).toBeNull();
      expect(app.listInputs.length).toBeGreaterThan(0);
      expect(app.listInputs.every((i) => i.search === "" && i.statuses === 0)).toBe(true);
      document.body.innerHTML = "";
    }
  });

  it("opens the application modal from the add button", async () => {
    const user = userEvent.setup();
    renderApplications();
    await user.click(await screen.findByRole("button", { name: m.add }));
    expect(createModal).toHaveBeenCalledTimes(1);
  });
});

describe("/applications, the board", () => {
  async function openBoard() {
    const user = userEvent.setup();
    const app = renderApplications();
    await screen.findAllByTestId("application-row");
    await user.click(screen.getByRole("button", { name: m.view.board }));
    await screen.findByRole("region", { name: m.board.title });
    return { user, app };
  }

  const column = (label: string) => screen.getByRole("region", { name: new RegExp(`^${label},`) });
  const companies = (label: string) => within(column(label)).queryAllByTestId("board-card").map((c) => c.dataset.company);

  /** Drags `company`'s card and drops it on the column `label`, as the browser's native drag and drop does. */
  function dragOnto(company: string, label: string) {
    const card = screen.getAllByTestId("board-card").find((c) => c.dataset.company === company)!;
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => void data.set(type, value),
      getData: (type: string) => data.get(type) ?? "",
      get types() {
        return [...data.keys()];
      },
      effectAllowed: "",
      dropEffect: "",
    };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragEnter(column(label), { dataTransfer });
    fireEvent.dragOver(column(label), { dataTransfer });
    fireEvent.drop(column(label), { dataTransfer });
    fireEvent.dragEnd(card, { dataTransfer });
  }

  it("groups the cards by status, and the view is remembered", async () => {
    await openBoard();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe("board");
    expect(within(column("Nouvelle")).getAllByTestId("board-card").map((c) => c.dataset.company)).toEqual(["Thales", "Société Générale SA"]);
    expect(within(column("Engagée")).getAllByTestId("board-card").map((c) => c.dataset.company)).toEqual(["BNP Paribas"]);
    expect(within(column("Gagnée")).getAllByTestId("board-card").map((c) => c.dataset.company)).toEqual(["Orange"]);
  });

  it("opens on the board when it was the last view", async () => {
    localStorage.setItem(VIEW_STORAGE_KEY, "board");
    renderApplications();
    expect(await screen.findByRole("region", { name: m.board.title })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers only the moves the server accepts, says why the others are missing, and never asks the server", async () => {
    const { user, app } = await openBoard();
    const button = screen.getByRole("button", { name: m.board.moveLabel("Thales") });
    // WCAG 2.5.3: the accessible name contains the visible text.
    expect(button.textContent).toBe(m.board.move);
    expect(button.getAttribute("aria-label")).toContain(button.textContent);
    await user.click(button);
    const menu = screen.getByRole("menu");
    const offered = within(menu).getAllByRole("menuitem").filter((i) => i.getAttribute("aria-disabled") !== "true");
    expect(offered.map((i) => i.textContent)).toEqual(["Perdue", "Gagnée"]);
    expect(within(menu).getByTestId("move-unavailable").textContent).toBe(m.board.unavailableItem("Engagée", m.board.whyNotEngaged));
    expect(within(menu).getByTestId("move-unavailable").getAttribute("aria-disabled")).toBe("true");
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: m.board.moveLabel("BNP Paribas") }));
    const engaged = screen.getByRole("menu");
    expect(within(engaged).getAllByRole("menuitem").filter((i) => i.getAttribute("aria-disabled") !== "true").map((i) => i.textContent)).toEqual(["Perdue", "Gagnée"]);
    expect(within(engaged).getByTestId("move-unavailable").textContent).toBe(m.board.unavailableItem("Nouvelle", m.board.whyNotNew));

    // The refused moves, tried anyway: the item left out (clicked as a mouse would, although
    // it is disabled), and a card dropped on a column it may not go to. Nothing is opened, nothing
    // is sent, nothing is announced, and the cards stay where they are.
    const calls = [...app.calls];
    fireEvent.click(within(engaged).getByTestId("move-unavailable"));
    await user.keyboard("{Escape}");
    dragOnto("Thales", "Engagée");
    dragOnto("BNP Paribas", "Nouvelle");
    dragOnto("Thales", "Nouvelle");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(report).not.toHaveBeenCalled();
    expect(app.moves).toEqual([]);
    expect(app.calls).toEqual(calls);
    expect(screen.getByTestId("board-announcement").textContent).toBe("");
    expect(companies("Nouvelle")).toEqual(["Thales", "Société Générale SA"]);
    expect(companies("Engagée")).toEqual(["BNP Paribas"]);

    // The same drag and drop onto a column it may go to opens the report: the refusal above is
    // the board's, not a drag that did not happen.
    dragOnto("Thales", "Perdue");
    await waitFor(() => expect(report).toHaveBeenCalledTimes(1));
    expect(report.mock.calls[0]![0].company).toBe("Thales");
    expect(report.mock.calls[0]![1]).toBe(ApplicationStatus.LOST);
  });

  it("keeps the keyboard focus on the card once it has moved to its new column", async () => {
    const { user, app } = await openBoard();
    const thales = app.apps[0]!;
    report.mockImplementation(async (_a, outcome) => {
      thales.status = outcome!;
      await app.queryClient.invalidateQueries();
      return true;
    });
    screen.getByRole("button", { name: m.board.moveLabel("Thales") }).focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("menuitem", { name: "Perdue" }));
    await waitFor(() => expect(within(column("Perdue")).getAllByTestId("board-card").map((c) => c.dataset.company)).toContain("Thales"));
    const moved = within(column("Perdue")).getAllByTestId("board-card").find((c) => c.dataset.company === "Thales")!;
    await waitFor(() => expect(document.activeElement).toBe(within(moved).getByRole("link", { name: /Thales/ })));
  });

  it("a cancelled move gives the focus back to the card's move button", async () => {
    report.mockResolvedValue(false);
    const { user } = await openBoard();
    await user.click(screen.getByRole("button", { name: m.board.moveLabel("Thales") }));
    await user.click(screen.getByRole("menuitem", { name: "Gagnée" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: m.board.moveLabel("Thales") })));
  });

  it("moving to Win opens the report with that outcome; cancelled, the card stays", async () => {
    report.mockResolvedValue(false);
    const { user, app } = await openBoard();
    const calls = [...app.calls];
    await user.click(screen.getByRole("button", { name: m.board.moveLabel("BNP Paribas") }));
    await user.click(screen.getByRole("menuitem", { name: "Gagnée" }));
    await waitFor(() => expect(report).toHaveBeenCalledTimes(1));
    expect(report.mock.calls[0]![0].company).toBe("BNP Paribas");
    expect(report.mock.calls[0]![1]).toBe(ApplicationStatus.WIN);
    await waitFor(() => expect(screen.getByTestId("board-announcement").textContent).toContain(m.board.cancelled("BNP Paribas")));
    expect(companies("Engagée")).toEqual(["BNP Paribas"]);
    expect(companies("Gagnée")).toEqual(["Orange"]);
    // Saving is the report's (stubbed here): the board itself sent nothing.
    expect(app.calls).toEqual(calls);
  });

  it("announces the move once the report is saved", async () => {
    report.mockResolvedValue(true);
    const { user } = await openBoard();
    await user.click(screen.getByRole("button", { name: m.board.moveLabel("Thales") }));
    await user.click(screen.getByRole("menuitem", { name: "Perdue" }));
    await waitFor(() => expect(screen.getByTestId("board-announcement").textContent).toContain(m.board.moved("Thales", "Perdue")));
    expect(report.mock.calls[0]![1]).toBe(ApplicationStatus.LOST);
  });

  it("a won or lost card is final: marked closed, no move button, not draggable", async () => {
    await openBoard();
    const won = within(column("Gagnée")).getByTestId("board-card");
    expect(within(won).getByText(m.board.closed)).toBeTruthy();
    expect(within(won).queryByRole("button", { name: m.board.moveLabel("Orange") })).toBeNull();
    expect(won.getAttribute("draggable")).not.toBe("true");
    const open = within(column("Nouvelle")).getAllByTestId("board-card")[0]!;
    expect(open.getAttribute("draggable")).toBe("true");
  });
});
