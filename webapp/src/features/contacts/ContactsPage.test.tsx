// /contacts while a secondary call is on its way or failed: the « À relancer » filter waits for
// ListCallBacks with the list's placeholders and says when it failed (never « aucun contact ne
// correspond », which it could not know); the duplicates notice says when it could not load.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import {
  ContactSchema,
  DuplicateReason,
  NetworkService,
  type ListCallBacksResponseSchema,
  type ListDuplicatesResponseSchema,
} from "../../gen/tremplin/network/v1/network_pb";
import { screenMessages } from "../../lib/messages/screens";
import { expectNoGenericError } from "../../test/absence";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const CLAIRE = create(ContactSchema, { id: "c1", rank: 1, firstName: "Claire", lastName: "BERNARD", status: ContactStatus.NEW, createdDate: timestampNow() });
const HUGO = create(ContactSchema, { id: "c2", rank: 1, firstName: "Hugo", lastName: "RENARD", status: ContactStatus.NEW, createdDate: timestampNow() });
type CallBacks = MessageInitShape<typeof ListCallBacksResponseSchema>;
type Duplicates = MessageInitShape<typeof ListDuplicatesResponseSchema>;

const CLAIRE_AGAIN = create(ContactSchema, { id: "c3", rank: 1, firstName: "Claire", lastName: "BERNARD", status: ContactStatus.NEW, createdDate: timestampNow() });

/** /contacts for a subscriber, with the « À relancer » filter on (as the home's « voir tous » asks). */
function renderContacts({
  callBacks = () => ({ callBacks: [{ contact: CLAIRE }] }),
  duplicates = () => ({ pairs: [] }),
  tags = () => ({ tags: [] }),
}: {
  callBacks?: () => Promise<CallBacks> | CallBacks;
  duplicates?: () => Duplicates;
  tags?: () => { tags: { name: string }[] };
} = {}) {
  return renderApp({
    at: { pathname: "/contacts", state: { callBack: true } },
    user: candidate({ hasPremiumAccess: true }),
    routes: ({ service }) =>
      service(NetworkService, {
        listContacts: () => ({ contacts: [CLAIRE, HUGO, CLAIRE_AGAIN] }),
        listCallBacks: callBacks,
        listDuplicates: duplicates,
        searchTags: tags,
      }),
  });
}

async function rows() {
  return within(await screen.findByRole("table", { name: "Mon réseau" })).getAllByTestId("contact-row");
}

describe("the « À relancer » filter", () => {
  it("shows the list's placeholders while the contacts to call back are on their way, not « no contact matches »", async () => {
    let answer: (r: CallBacks) => void = () => {};
    renderContacts({ callBacks: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(() => expect(screen.getByTestId("contacts-count").textContent).toBe("3\u00a0contacts"));
    expect(screen.getByTestId("loading")).toBeTruthy();
    expect(screen.queryByText("Aucun contact ne correspond")).toBeNull();
    // Nor « 0 sur 3 affiché », which it does not know either.
    expect(screen.queryByText(/sur 3 affiché/)).toBeNull();
    answer({ callBacks: [{ contact: CLAIRE }] });
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText("1 sur 3 affiché")).toBeTruthy();
    expect(screen.queryByTestId("loading")).toBeNull();
  });

  it("says the contacts to call back could not load, never « no contact matches », and loads them on « Réessayer »", async () => {
    let failing = true;
    renderContacts({
      callBacks: () => {
        if (failing) throw serverError(Code.Internal);
        return { callBacks: [{ contact: CLAIRE }] };
      },
    });
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger les contacts à relancer.");
    expect(screen.queryByText("Aucun contact ne correspond")).toBeNull();
    expect(screen.queryByRole("table", { name: "Mon réseau" })).toBeNull();
    // The page says it itself: no generic toast on top.
    await expectNoGenericError();
    failing = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByTestId("load-error")).toBeNull();
  });
});

describe("the duplicates notice", () => {
  it("says the duplicates could not load, and shows the notice on « Réessayer »", async () => {
    let failing = true;
    renderContacts({
      callBacks: () => ({ callBacks: [{ contact: CLAIRE }] }),
      duplicates: () => {
        if (failing) throw serverError(Code.Internal);
        return { pairs: [{ first: CLAIRE, second: CLAIRE_AGAIN, reasons: [DuplicateReason.SAME_NAME] }] };
      },
    });
    await rows();
    expect((await screen.findByTestId("load-error")).textContent).toContain("Impossible de charger les doublons à examiner.");
    await expectNoGenericError();
    failing = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    expect((await screen.findByTestId("duplicates-notice")).textContent).toContain("Deux de vos contacts semblent être la même personne.");
    expect(screen.queryByTestId("load-error")).toBeNull();
  });
});

describe("the tag filter", () => {
  it("says in its menu that the tags could not load, never « aucune », and offers them on « Réessayer »", async () => {
    let failing = true;
    renderContacts({
      tags: () => {
        if (failing) throw serverError(Code.Internal);
        return { tags: [{ name: "Salon" }] };
      },
    });
    await rows();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Étiquettes" }));
    const menu = within(await screen.findByRole("group", { name: "Étiquettes" }));
    expect((await menu.findByTestId("load-error")).textContent).toContain("Impossible de charger vos étiquettes.");
    expect(menu.queryByText(screenMessages.filters.empty)).toBeNull();
    await expectNoGenericError();
    failing = false;
    await u.click(menu.getByRole("button", { name: "Réessayer" }));
    expect(await menu.findByRole("checkbox", { name: "Salon" })).toBeTruthy();
    expect(menu.queryByTestId("load-error")).toBeNull();
  });
});
