// The task and event forms when the contacts they pick from could not be read: the contact
// picker says the list could not be loaded, never « Aucun contact » (as the application form's),
// and the task's own contact is kept (an empty list must not unlink it on the next keystroke).
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code } from "@connectrpc/connect";
import { create } from "@bufbuild/protobuf";
import { ActivityService, MediaType, TaskSchema, TaskSubject, type TaskDraftSchema } from "../../gen/tremplin/activity/v1/activity_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { OpportunityService } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { renderApp } from "../../test/harness";
import { serverError } from "../../test/errors";
import { EventForm, TaskForm } from "./ActivityForms";
import { emptyEvent } from "./eventForm";
import { emptyTask } from "./taskForm";

const FAILED = "Vos contacts n'ont pas pu être chargés.";

function renderFailing(ui: React.ReactNode, saved: MessageInitShape<typeof TaskDraftSchema>[] = []) {
  return renderApp({
    at: "/help",
    ui,
    routes: ({ service }) => {
      service(NetworkService, {
        listContacts: () => {
          throw serverError(Code.Internal);
        },
      });
      service(OpportunityService, { listApplications: () => ({ applications: [] }) });
      service(ActivityService, {
        createTask: (req) => {
          saved.push(req.task!);
          return { task: create(TaskSchema, { id: "t1" }) };
        },
      });
    },
  });
}

/** The contact picker's helper text and, opened, what it lists instead of options. */
async function contactPicker() {
  const field = screen.getByRole("combobox", { name: /^Contact/ });
  await waitFor(() => expect(field.closest(".MuiFormControl-root")!.querySelector(".MuiFormHelperText-root")?.textContent).toBe(FAILED));
  await userEvent.setup().click(field);
  return document.querySelector(".MuiAutocomplete-noOptions")?.textContent;
}

describe("the contacts the activity forms pick from, when they fail to load", () => {
  it("the task form's picker says so instead of « Aucun contact »", async () => {
    renderFailing(<TaskForm initial={emptyTask()} close={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByRole("button", { name: "Créer" });
    expect(await contactPicker()).toBe(FAILED);
  });

  it("the event form's picker says so instead of « Aucun contact »", async () => {
    renderFailing(<EventForm initial={emptyEvent()} close={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByRole("button", { name: "Créer" });
    expect(await contactPicker()).toBe(FAILED);
  });

  it("keeps the task's contact and how to reach them when another field changes", async () => {
    const saved: MessageInitShape<typeof TaskDraftSchema>[] = [];
    const initial = { ...emptyTask(), subject: TaskSubject.REMINDER, contactId: "c2", mediaType: MediaType.MOBILE };
    renderFailing(<TaskForm initial={initial} close={vi.fn()} onSaved={vi.fn()} />, saved);
    const u = userEvent.setup();
    await contactPicker();
    await u.keyboard("{Escape}");
    await u.click(screen.getByRole("textbox", { name: /^Commentaire/ }));
    await u.keyboard("Rappeler après le salon");
    await u.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ contactId: "c2", mediaType: MediaType.MOBILE, comments: "Rappeler après le salon" });
  });
});
