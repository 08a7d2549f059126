// The coach view in the app (jsdom): the change from last week is coloured by what the figure
// means, never a silly percentage, and the candidate is named as everywhere (« Julien MOREAU »).
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const p = agencyMessages.progress;

// The drawing (echarts) is not what these tests read: jsdom lays nothing out.
vi.mock("../../components/charts/WeeklyEChart", () => ({ default: () => <div data-testid="drawn" /> }));

function progressWith(streak: number) {
  return {
    shared: true,
    progress: {
      firstName: "julien",
      lastName: "Moreau",
      history: {
        weeks: [
          { start: { seconds: 1763938800n }, end: { seconds: 1764543600n }, newContacts: 6, completedTasks: 2 },
          { start: { seconds: 1764543600n }, end: { seconds: 1765148400n }, newContacts: 5, completedTasks: 4 },
        ],
        objectives: { newContacts: 5 },
        streak,
      },
    },
  };
}

describe("/candidates/:id/progress", () => {
  it("colours each change by meaning, caps a tenfold change, says what is good, and writes the name one way", async () => {
    renderApp({
      at: "/candidates/7b7f0c4e-1111-4111-8111-111111111111/progress",
      user: candidate({ role: Role.AGENCY_ADMIN, firstName: "Agnès", lastName: "Dupuis" }),
      routes: (router) => {
        router.service(AgencyService, {
          getCandidateProgress: () => ({
            shared: true,
            progress: {
              firstName: "julien",
              lastName: "Moreau",
              thisWeek: { completedTasks: 6, notStartedTasks: 11, newContacts: 3 },
              lastWeek: { completedTasks: 4, notStartedTasks: 1, newContacts: 0 },
            },
          }),
        });
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Julien MOREAU" })).toBeTruthy();

    const todo = within(screen.getByTestId("week-notStartedTasks"));
    // Ten times more tasks left to do: « ×11 », in red (bad news), never « +1000 % » in green.
    expect(todo.getByTestId("trend").textContent).toContain("×11");
    expect(todo.getByTestId("trend").textContent).not.toContain("%");
    expect(todo.getByTestId("trend").dataset.tone).toBe("bad");
    expect(todo.getByTestId("good-when").textContent).toBe(p.goodWhen.down);

    const done = within(screen.getByTestId("week-completedTasks"));
    expect(done.getByTestId("trend").textContent).toContain("+50\u00a0%");
    expect(done.getByTestId("trend").dataset.tone).toBe("good");
    expect(done.getByTestId("good-when").textContent).toBe(p.goodWhen.up);

    // From a zero base: a count, not a percentage.
    const contacts = within(screen.getByTestId("week-newContacts"));
    expect(contacts.getByTestId("trend").textContent).toContain("+3");
    expect(contacts.getByTestId("trend").textContent).toContain("qui était à zéro");
  });

  it("shows the candidate's last weeks, and the streak in the coach's words from two weeks on", async () => {
    const user = userEvent.setup();
    renderApp({
      at: "/candidates/7b7f0c4e-1111-4111-8111-111111111111/progress",
      user: candidate({ role: Role.AGENCY_ADMIN }),
      routes: (router) => router.service(AgencyService, { getCandidateProgress: () => progressWith(2) }),
    });
    const chart = within(await screen.findByRole("region", { name: "Ses 12 dernières semaines" }));
    expect(chart.getByTestId("streak").textContent).toBe("2 semaines d'affilée au-dessus de ses objectifs");
    await chart.findByTestId("drawn");
    await user.click(chart.getByRole("button", { name: "Voir les données" }));
    const rows = within(chart.getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => [...r.querySelectorAll("th, td")].slice(0, 2).map((c) => c.textContent))).toEqual([
      ["Semaine", "Tâches terminées"],
      ["Semaine du 24 nov.", "2"],
      ["Semaine du 1 déc.", "4"],
    ]);
  });

  it("says nothing of a streak of one week", async () => {
    renderApp({
      at: "/candidates/7b7f0c4e-1111-4111-8111-111111111111/progress",
      user: candidate({ role: Role.AGENCY_ADMIN }),
      routes: (router) => router.service(AgencyService, { getCandidateProgress: () => progressWith(1) }),
    });
    await screen.findByRole("region", { name: "Ses 12 dernières semaines" });
    expect(screen.queryByTestId("streak")).toBeNull();
  });

  it("offers to retry a failed call instead of saying the candidate is missing, and shows the figures once they come", async () => {
    const user = userEvent.setup();
    let failing = true;
    renderApp({
      at: "/candidates/7b7f0c4e-1111-4111-8111-111111111111/progress",
      user: candidate({ role: Role.AGENCY_ADMIN }),
      routes: (router) =>
        router.service(AgencyService, {
          getCandidateProgress: () => {
            if (failing) throw serverError(Code.Internal);
            return progressWith(2);
          },
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger la progression de ce candidat.");
    expect(screen.getByRole("heading", { level: 1, name: "Progression" })).toBeTruthy();
    expect(screen.queryByText(p.notFoundTitle)).toBeNull();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Julien MOREAU" })).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });

  it.each([
    ["an unknown candidate", Code.NotFound],
    ["an address whose id is not one", Code.InvalidArgument],
  ])("says « Candidat introuvable » for %s", async (_, code) => {
    renderApp({
      at: "/candidates/pas-un-id/progress",
      user: candidate({ role: Role.AGENCY_ADMIN }),
      routes: (router) =>
        router.service(AgencyService, {
          getCandidateProgress: () => {
            throw serverError(code);
          },
        }),
    });
    expect(await screen.findByText(p.notFoundTitle)).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });
});
