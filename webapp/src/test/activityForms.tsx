// The task and event forms as their tests render them: `ui` over the lists the forms pick from
// (two contacts, Anne of Acme with an e-mail and Bob with a mobile; Acme's application with
// Anne) and the ActivityService the test gives, the drafts it was sent kept in order.
import type { ReactNode } from "react";
import { screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { ActivityService, type EventDraftSchema, type TaskDraftSchema } from "../gen/tremplin/activity/v1/activity_pb";
import { ContactSchema, NetworkService, type Contact } from "../gen/tremplin/network/v1/network_pb";
import { ApplicationSchema, ApplicationStatus, OpportunityService, type Application } from "../gen/tremplin/opportunity/v1/opportunity_pb";
import { renderApp } from "./harness";

export type ActivityDrafts = { tasks: MessageInitShape<typeof TaskDraftSchema>[]; events: MessageInitShape<typeof EventDraftSchema>[] };

/** Anne (Acme, an e-mail) and Bob (a mobile). */
export const anneAndBob = (): Contact[] => [
  create(ContactSchema, { id: "c1", firstName: "Anne", lastName: "MARTIN", company: "Acme", email: "anne@acme.fr" }),
  create(ContactSchema, { id: "c2", firstName: "Bob", lastName: "DURAND", mobileNumber: "0612345678" }),
];

/** Acme's application, with Anne. */
export const acmeApplication = (): Application =>
  create(ApplicationSchema, { id: "a1", company: "Acme", job: "Comptable", status: ApplicationStatus.NEW, contacts: [{ id: "c1", firstName: "Anne", lastName: "MARTIN" }] });

/**
 * Renders `ui` at /help over ListContacts and ListApplications (`contacts` and `applications`,
 * read at each call: Anne and Bob, Acme's application by default) and `activity(drafts)`, the
 * procedures of ActivityService the test answers with.
 */
export function renderOverActivityLists(
  ui: ReactNode,
  {
    contacts = anneAndBob,
    applications = () => [acmeApplication()],
    activity,
  }: {
    contacts?: () => Contact[];
    applications?: () => Application[];
    activity: (drafts: ActivityDrafts) => Partial<ServiceImpl<typeof ActivityService>>;
  },
) {
  const drafts: ActivityDrafts = { tasks: [], events: [] };
  const app = renderApp({
    at: "/help",
    ui,
    routes: ({ service }) => {
      service(NetworkService, { listContacts: () => ({ contacts: contacts() }) });
      service(OpportunityService, { listApplications: () => ({ applications: applications() }) });
      service(ActivityService, activity(drafts));
    },
  });
  return { ...app, drafts };
}

/** Opens `combobox` and clicks its option named `option`. */
export async function pick(u: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await u.click(combobox);
  await u.click(await screen.findByRole("option", { name: option }));
}
