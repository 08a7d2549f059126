// The activity report's mood, from the keyboard: submitted without one, the focus goes to the
// mood choices (issue 20), not left on the button with the error out of sight.
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActivityStatus, ActivityType } from "../../gen/tremplin/activity/v1/activity_pb";
import { activityMessages } from "../../lib/messages/activities";
import { renderApp } from "../../test/harness";
import { ReportForm } from "./ReportForms";

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
});
