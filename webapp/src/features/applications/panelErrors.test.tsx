// /application/{id}'s panels when their call fails: the kit's « Impossible de charger … » and
// « Réessayer » (components/DetailsPanel's PanelContent), a placeholder while it calls again.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { ApplicationSchema, ApplicationSource, ApplicationStatus, OpportunityService } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";
import { renderApp } from "../../test/harness";

const APP = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";

describe("the application page's panels", () => {
  it("offers to retry a failed call, and shows the answer once it comes", async () => {
    const user = userEvent.setup();
    // The server fails until the reader asks again, then answers when the test lets it.
    let failing = true;
    let answer = () => {};
    const held = () => new Promise<void>((resolve) => (answer = resolve));
    renderApp({
      at: `/application/${APP}`,
      routes: ({ service }) => {
        service(NetworkService, { listContacts: () => ({ contacts: [] }) });
        service(OpportunityService, {
          getApplication: () => ({
            application: create(ApplicationSchema, { id: APP, company: "Capgemini", job: "Consultant", source: ApplicationSource.JOB_BOARD, status: ApplicationStatus.NEW, createdDate: timestampNow() }),
          }),
          listKnownContacts: async () => {
            if (failing) throw serverError(Code.Internal);
            await held();
            return { knownContacts: [] };
          },
        });
        service(ActivityService, {
          listTasks: async () => {
            if (failing) throw serverError(Code.Internal);
            await held();
            return { tasks: [] };
          },
          listEvents: () => ({ events: [] }),
        });
      },
    });
    const activities = within(await screen.findByRole("region", { name: "Activités" }));
    const known = within(screen.getByRole("region", { name: "Qui je connais là-bas\u00a0?" }));
    expect((await activities.findByTestId("load-error")).textContent).toContain("Impossible de charger les activités de cette candidature.");
    expect((await known.findByTestId("load-error")).textContent).toContain("Impossible de charger vos contacts dans cette entreprise.");
    expect(screen.queryByText("Aucune activité en cours pour cette candidature.")).toBeNull();
    // The panels show the failure: no second, generic toast.
    await expectNoGenericError();

    // While it calls again, a placeholder: neither the failure nor « aucune ».
    failing = false;
    await user.click(activities.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(activities.queryByTestId("load-error")).toBeNull());
    expect(activities.queryByText("Aucune activité en cours pour cette candidature.")).toBeNull();
    answer();
    expect(await activities.findByText("Aucune activité en cours pour cette candidature.")).toBeTruthy();

    await user.click(known.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(known.queryByTestId("load-error")).toBeNull());
    answer();
    expect(await known.findByText("Personne de votre réseau n'y travaille encore")).toBeTruthy();
  });
});
