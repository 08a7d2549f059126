// /activities in the app, in jsdom, against an in-memory ActivityService (src/test/harness.tsx).
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { addDays, startOfToday } from "date-fns";
import { ActivityService, ActivityStatus, EventSubject, MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { expectNoGenericError } from "../../test/absence";
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
    await expectNoGenericError();
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Aucune tâche cette semaine")).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });

  it("says the rendez-vous could not load instead of « aucun rendez-vous »", async () => {
    renderActivities("/activities?type=event", { on: true });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger vos rendez-vous de la semaine.");
    expect(screen.queryByText("Aucun rendez-vous cette semaine")).toBeNull();
    await expectNoGenericError();
  });
});

// Monday 16 November 2026, 00:00 in Paris: the start of the week the dashboard's links carry.
const WEEK_OF_16_NOV = Date.UTC(2026, 10, 15, 23);

describe("activities address", () => {
  it("reads the dashboard's `time=<ms>` as that week (and asks the server for it)", async () => {
    const asked: number[] = [];
    renderApp({
      at: `/activities?time=${WEEK_OF_16_NOV}`,
      routes: ({ service }) =>
        service(ActivityService, {
          listTasks: (req) => (asked.push(Number(req.range?.startDate?.seconds ?? 0n) * 1000), { tasks: [] }),
          listEvents: () => ({ events: [] }),
        }),
    });
    expect((await screen.findByTestId("week-range")).textContent).toContain("du 16/11 au 22/11/2026");
    expect(asked[0]).toBe(WEEK_OF_16_NOV);
  });

  it("still reads `time=2026-11-16`", async () => {
    renderActivities("/activities?time=2026-11-16", { on: false });
    expect((await screen.findByTestId("week-range")).textContent).toContain("du 16/11 au 22/11/2026");
  });

  it("overdue=1 lists the late tasks of every week: not started, first due before today", async () => {
    const day = (offset: number) => timestampFromDate(addDays(startOfToday(), offset));
    let ranged = true;
    renderApp({
      at: "/activities?type=task&overdue=1",
      routes: ({ service }) =>
        service(ActivityService, {
          listTasks: (req) => {
            ranged = req.range !== undefined;
            return {
              tasks: [
                { id: "a", subject: TaskSubject.SEND_APPLICATION, status: ActivityStatus.NOT_STARTED, initialDeadline: day(-3), deadline: day(0), priority: TaskPriority.URGENT },
                { id: "b", subject: TaskSubject.REMINDER, status: ActivityStatus.NOT_STARTED, initialDeadline: day(0), deadline: day(0), priority: TaskPriority.NORMAL },
                { id: "c", subject: TaskSubject.FEEDBACK, status: ActivityStatus.COMPLETED, initialDeadline: day(-9), deadline: day(-9), priority: TaskPriority.NORMAL },
              ],
            };
          },
          listEvents: () => ({ events: [] }),
        }),
    });
    await waitFor(() => expect(screen.getByTestId("overdue-view").textContent).toContain("1 tâche en retard"));
    expect(screen.getAllByTestId("task-row")).toHaveLength(1);
    expect(screen.getByTestId("task-row").textContent).toContain("Envoi de candidature");
    expect(ranged).toBe(false);
    // Back to the week.
    await userEvent.setup().click(screen.getByRole("button", { name: "Voir les tâches de la semaine" }));
    expect(screen.queryByTestId("overdue-view")).toBeNull();
    expect(await screen.findAllByTestId("task-row")).toHaveLength(3);
  });

  it("a search without result says so and offers to clear it", async () => {
    const searches: string[] = [];
    renderApp({
      at: "/activities?type=task",
      routes: ({ service }) =>
        service(ActivityService, {
          listTasks: (req) => (searches.push(req.search), { tasks: [] }),
          listEvents: () => ({ events: [] }),
        }),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Rechercher une activité"), "zzz");
    expect(await screen.findByText("Aucune tâche ne correspond à votre recherche")).toBeTruthy();
    expect(screen.queryByText("Aucune tâche cette semaine")).toBeNull();
    await u.click(screen.getByRole("button", { name: "Effacer la recherche" }));
    expect(await screen.findByText("Aucune tâche cette semaine")).toBeTruthy();
    expect((screen.getByLabelText("Rechercher une activité") as HTMLInputElement).value).toBe("");
  });
});

describe("task and event pages", () => {
  it("a task that fails to load says so with « Réessayer », then shows it", async () => {
    const broken = { on: true };
    renderApp({
      at: "/task/0b5c2f4e-0000-4000-8000-000000000001",
      routes: ({ service }) =>
        service(ActivityService, {
          getTask: (req) => {
            if (broken.on) throw new ConnectError("fetch failed", Code.Unavailable);
            return { task: { id: req.id, subject: TaskSubject.REMINDER, status: ActivityStatus.NOT_STARTED, priority: TaskPriority.NORMAL } };
          },
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger cette tâche.");
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { name: /Relance/ })).toBeTruthy();
  });

  it("an event that fails to load says so; its video link and opportunity are links", async () => {
    const broken = { on: true };
    renderApp({
      at: "/event/0b5c2f4e-0000-4000-8000-000000000002",
      routes: ({ service }) =>
        service(ActivityService, {
          getEvent: (req) => {
            if (broken.on) throw new ConnectError("fetch failed", Code.Unavailable);
            return {
              event: {
                id: req.id,
                subject: EventSubject.JOB_INTERVIEW_PREPARATION,
                status: ActivityStatus.NOT_STARTED,
                date: timestampFromDate(addDays(new Date(), 2)),
                mediaType: MediaType.VIDEO_CONFERENCING,
                mediaDetails: "https://meet.exemple.fr/abc",
                application: { id: "0b5c2f4e-0000-4000-8000-0000000000aa", job: "Comptable", company: "Doctolib" },
              },
            };
          },
          getCalendarLinks: () => ({ calendarUrl: "https://calendar.google.com/x", mailCalendarUrl: "https://outlook.live.com/x" }),
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger ce rendez-vous.");
    broken.on = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    const video = await screen.findByRole("link", { name: /meet\.exemple\.fr/ });
    expect(video.getAttribute("href")).toBe("https://meet.exemple.fr/abc");
    expect(video.getAttribute("target")).toBe("_blank");
    expect(video.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("link", { name: "Comptable — Doctolib" }).getAttribute("href")).toBe("/application/0b5c2f4e-0000-4000-8000-0000000000aa");
  });
});
