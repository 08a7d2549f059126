// /activities in the app, in jsdom, against an in-memory ActivityService (src/test/harness.tsx).
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { renderApp } from "../../test/harness";

function renderActivities(at: string, broken: { on: boolean }) {
  // While broken.on, the week's lists fail as a dropped connection does.
  const failing = () => {
    if (broken.on) throw new ConnectError("fetch failed", Code.Unavailable);
  };
  return renderApp({
    at,
    routes: ({ service }) => {
      service(ActivityService, {
        listTasks: () => (failing(), { tasks: [] }),
        listEvents: () => (failing(), { events: [] }),
      });
    },
  });
}

describe("activities list", () => {
  it("says the tasks could not load instead of « aucune tâche », and loads them on « Réessayer »", async () => {
    const broken = { on: true };
    renderActivities("/activities?type=task", broken);
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger vos tâches de la semaine.");
    expect(screen.queryByText("Aucune tâche cette semaine")).toBeNull();
    // The page shows the failure: no second, generic toast.
    expect(screen.queryByText("Une erreur est survenue")).toBeNull();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Aucune tâche cette semaine")).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });

  it("says the rendez-vous could not load instead of « aucun rendez-vous »", async () => {
    renderActivities("/activities?type=event", { on: true });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger vos rendez-vous de la semaine.");
    expect(screen.queryByText("Aucun rendez-vous cette semaine")).toBeNull();
    expect(screen.queryByText("Une erreur est survenue")).toBeNull();
  });
});
