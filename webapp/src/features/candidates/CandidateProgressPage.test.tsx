// The coach view in the app (jsdom): the change from last week is coloured by what the figure
// means, never a silly percentage, and the candidate is named as everywhere (« Julien MOREAU »).
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { candidate, renderApp } from "../../test/harness";

const p = agencyMessages.progress;

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
});
