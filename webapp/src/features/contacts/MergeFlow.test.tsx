// « Fusionner des doublons » when the pairs cannot be read again after a merge: the flow says so
// and offers to retry, instead of showing the pairs read before — the one just merged among them.
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { ContactSchema, DuplicateReason, NetworkService, type DuplicatePairSchema } from "../../gen/tremplin/network/v1/network_pb";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const contact = (id: string, email: string) =>
  create(ContactSchema, { id, rank: 1, firstName: "Claire", lastName: "BERNARD", email, status: ContactStatus.NEW, createdDate: timestampNow() });

describe("merging duplicates", () => {
  it("says the pairs could not be read again after a merge, never the merged pair again, and reads them on « Réessayer »", async () => {
    const first = contact("11111111-1111-4111-8111-111111111111", "claire@bnp.example");
    const second = contact("22222222-2222-4222-8222-222222222222", "claire@perso.example");
    let pairs: MessageInitShape<typeof DuplicatePairSchema>[] = [{ first, second, reasons: [DuplicateReason.SAME_NAME] }];
    let failing = false;
    const merged: string[] = [];
    renderApp({
      at: "/contacts",
      user: candidate({ hasPremiumAccess: true }),
      routes: ({ service }) =>
        service(NetworkService, {
          listContacts: () => ({ contacts: merged.length ? [first] : [first, second] }),
          listDuplicates: () => {
            if (failing) throw serverError(Code.Internal);
            return { pairs };
          },
          mergeContacts: (req) => {
            merged.push(req.removeId);
            pairs = [];
            failing = true; // the pairs cannot be read again
            return { contact: first };
          },
        }),
    });
    const u = userEvent.setup();
    await u.click(within(await screen.findByTestId("duplicates-notice")).getByRole("button", { name: "Examiner" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Fusionner des doublons" }));
    await u.click(await dialog.findByRole("button", { name: "Fusionner" }));
    expect((await dialog.findByTestId("load-error")).textContent).toContain("Impossible de charger les doublons à examiner.");
    expect(dialog.queryByRole("button", { name: "Fusionner" })).toBeNull();
    expect(merged).toEqual([second.id]);
    failing = false;
    await u.click(dialog.getByRole("button", { name: "Réessayer" }));
    expect(await dialog.findByText("Plus aucun doublon à examiner.")).toBeTruthy();
  });
});
