// The activity report's mood, from the keyboard: submitted without one, the focus goes to the
// mood choices (issue 20), not left on the button with the error out of sight. What the report
// and the additional information send, and where the server's refusals show.
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActivityService, ActivityStatus, ActivityType, Mood } from "../../gen/tremplin/activity/v1/activity_pb";
import { activityMessages } from "../../lib/messages/activities";
import { renderApp } from "../../test/harness";
import { invalidFields } from "../../test/errors";
import { AdditionalInfoForm, ReportForm } from "./ReportForms";

describe("the report of an event", () => {
  it("moves the focus to the mood choices when the mood is missing", async () => {
    renderApp({
      at: "/help",
      ui: (
        <ReportForm
          activity={{ kind: ActivityType.EVENT, id: "e1", status: ActivityStatus.NOT_STARTED, comment: "", resources: [] }}
          close={vi.fn()}
          onAdded={vi.fn()}
        />
      ),
    });
    const user = userEvent.setup();
    const submit = await screen.findByRole("button", { name: activityMessages.report.submitAdd });
    await user.click(submit);
    const group = screen.getByRole("radiogroup");
    await waitFor(() => expect(group.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.getAttribute("type")).toBe("radio");
  });

  it("sends the mood, the comment and the whole links; the server's refusal of the comment shows under it", async () => {
    const sent: { mood: Mood; markAsCompleteComment: string; resources: { label: string; url: string }[] }[] = [];
    let refuse = true;
    const onAdded = vi.fn();
    renderApp({
      at: "/help",
      routes: ({ service }) =>
        service(ActivityService, {
          addReport: async (req) => {
            if (refuse) throw await invalidFields([{ path: ["mark_as_complete_comment"], ruleId: "report.comment", message: "Le commentaire est trop long" }]);
            sent.push(req);
            return {};
          },
        }),
      ui: (
        <ReportForm
          activity={{ kind: ActivityType.EVENT, id: "e1", status: ActivityStatus.NOT_STARTED, comment: "", resources: [{ label: "Offre", url: "https://exemple.fr" }, { label: "Sans adresse", url: "" }] }}
          close={vi.fn()}
          onAdded={onAdded}
        />
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Satisfaisant" }));
    await user.click(screen.getByRole("textbox", { name: activityMessages.report.comment }));
    await user.paste("Bon échange");
    await user.click(screen.getByRole("button", { name: activityMessages.report.submitAdd }));
    expect(await screen.findByText("Le commentaire est trop long")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: activityMessages.report.comment }));
    refuse = false;
    await user.click(screen.getByRole("button", { name: activityMessages.report.submitAdd }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ id: "e1", mood: Mood.SATISFYING, markAsCompleteComment: "Bon échange", resources: [{ label: "Offre", url: "https://exemple.fr" }] });
    expect(screen.queryByText("Le commentaire est trop long")).toBeNull();
  });
});

describe("the additional information", () => {
  it("shows a refused link under the form", async () => {
    renderApp({
      at: "/help",
      routes: ({ service }) =>
        service(ActivityService, {
          updateAdditionalInformation: async () => {
            throw await invalidFields([{ path: ["inputs", "resources", "url"], ruleId: "resource.url", message: "L'adresse doit commencer par http://" }]);
          },
        }),
      ui: <AdditionalInfoForm kind={ActivityType.TASK} id="t1" comments="" resources={[{ label: "Piège", url: "javascript:alert(1)" }]} close={vi.fn()} />,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: activityMessages.additional.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe("L'adresse doit commencer par http://");
  });
});
