// The dashboard's last 12 weeks in the app (jsdom): the week's figures never wait for them, a
// failed call says so with a retry, and the streak is told from two weeks on.
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { renderApp } from "../../test/harness";
import { serverError } from "../../test/errors";

// The drawing (echarts) is not what these tests read: jsdom lays nothing out.
vi.mock("../../components/charts/WeeklyEChart", () => ({ default: () => <div data-testid="drawn" /> }));

const dashboard = { currentWeek: true, newContacts: { value: 3 } };
const history = (streak: number) => ({
  history: {
    weeks: [
      { start: { seconds: 1763938800n }, end: { seconds: 1764543600n }, newContacts: 4 },
      { start: { seconds: 1764543600n }, end: { seconds: 1765148400n }, newContacts: 3 },
    ],
    objectives: { newContacts: 3 },
    streak,
  },
});

describe("/dashboard: the last 12 weeks", () => {
  it("shows the week's figures while the weeks are still on their way", async () => {
    renderApp({
      at: "/dashboard",
      routes: (router) =>
        router.service(ActivityService, {
          getDashboard: () => dashboard,
          getDashboardHistory: () => new Promise<never>(() => {}),
        }),
    });
    expect(await screen.findByTestId("gauge-newContact")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Vos 12 dernières semaines" })).toBeNull();
  });

  it("says when they could not be loaded, and loads them again on « Réessayer »", async () => {
    const user = userEvent.setup();
    let down = true;
    renderApp({
      at: "/dashboard",
      routes: (router) =>
        router.service(ActivityService, {
          getDashboard: () => dashboard,
          getDashboardHistory: () => {
            if (down) throw serverError(Code.Unavailable);
            return history(4);
          },
        }),
    });
    const failed = await screen.findByText(/Impossible de charger vos 12 dernières semaines/);
    expect(screen.getByTestId("gauge-newContact")).toBeTruthy();
    down = false;
    await user.click(within(failed.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Réessayer" }));
    const chart = within(await screen.findByRole("region", { name: "Vos 12 dernières semaines" }));
    expect(chart.getByTestId("streak").textContent).toBe("4 semaines d'affilée au-dessus de vos objectifs");
    expect(await chart.findByTestId("drawn")).toBeTruthy();
  });

  it("tells no streak of a single week", async () => {
    renderApp({
      at: "/dashboard",
      routes: (router) => router.service(ActivityService, { getDashboard: () => dashboard, getDashboardHistory: () => history(1) }),
    });
    await screen.findByRole("region", { name: "Vos 12 dernières semaines" });
    expect(screen.queryByTestId("streak")).toBeNull();
  });
});
