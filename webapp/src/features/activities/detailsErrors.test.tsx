// /task/{id} and /event/{id} when a call fails: the page keeps its h1 over « Impossible de
// charger … » and « Réessayer » (components/DetailsPage's DetailsBody), and the calendar links
// that could not be read say so.
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { addDays } from "date-fns";
import { ActivityService, ActivityStatus, EventSubject, MediaType, TaskPriority, TaskSubject } from "../../gen/tremplin/activity/v1/activity_pb";
import { expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";
import { renderApp } from "../../test/harness";

const TASK = "0b5c2f4e-0000-4000-8000-000000000001";
const EVENT = "0b5c2f4e-0000-4000-8000-000000000002";

const event = (id: string) => ({
  id,
  subject: EventSubject.COFFEE,
  status: ActivityStatus.NOT_STARTED,
  date: timestampFromDate(addDays(new Date(), 2)),
  mediaType: MediaType.FACE_TO_FACE,
  mediaDetails: "Café de la Gare",
});

describe("a task or event page that fails to load", () => {
  it("keeps the task page's h1 over the load error, then shows the task on « Réessayer »", async () => {
    let failing = true;
    renderApp({
      at: `/task/${TASK}`,
      routes: ({ service }) =>
        service(ActivityService, {
          getTask: (req) => {
            if (failing) throw serverError(Code.Internal);
            return { task: { id: req.id, subject: TaskSubject.REMINDER, status: ActivityStatus.NOT_STARTED, priority: TaskPriority.NORMAL } };
          },
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger cette tâche.");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Tâche"]);
    failing = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { level: 1, name: /Relance/ })).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });

  it("keeps the event page's h1 over the load error", async () => {
    renderApp({
      at: `/event/${EVENT}`,
      routes: ({ service }) =>
        service(ActivityService, {
          getEvent: () => {
            throw serverError(Code.Internal);
          },
        }),
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger ce rendez-vous.");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Rendez-vous"]);
  });

  it("still says « introuvable » for an unknown one, without a load error", async () => {
    renderApp({
      at: `/event/${EVENT}`,
      routes: ({ service }) =>
        service(ActivityService, {
          getEvent: () => {
            throw serverError(Code.NotFound, "NOT_FOUND", "Activité introuvable");
          },
        }),
    });
    expect(await screen.findByText("Cette activité n'existe pas ou a été supprimée.")).toBeTruthy();
    expect(screen.queryByTestId("load-error")).toBeNull();
  });
});

describe("an event's calendar links", () => {
  it("say they could not load (the .ics file still offered), and appear on « Réessayer »", async () => {
    let failing = true;
    renderApp({
      at: `/event/${EVENT}`,
      routes: ({ service }) =>
        service(ActivityService, {
          getEvent: (req) => ({ event: event(req.id) }),
          getCalendarLinks: () => {
            if (failing) throw serverError(Code.Internal);
            return { calendarUrl: "https://calendar.google.com/x", mailCalendarUrl: "https://outlook.live.com/x" };
          },
        }),
    });
    const panel = within(await screen.findByRole("region", { name: "Contact lié" }));
    expect((await panel.findByTestId("load-error")).textContent).toContain("Impossible de charger les liens vers Google Agenda et Outlook.");
    expect(panel.getByRole("button", { name: "Fichier .ics" })).toBeTruthy();
    // The panel shows the failure: no second, generic toast.
    await expectNoGenericError();
    failing = false;
    await userEvent.setup().click(panel.getByRole("button", { name: "Réessayer" }));
    expect((await panel.findByRole("link", { name: "Google Agenda" })).getAttribute("href")).toBe("https://calendar.google.com/x");
    expect(panel.queryByTestId("load-error")).toBeNull();
  });
});
