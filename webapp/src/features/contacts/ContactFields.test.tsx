// The contact form's intermediary and tags when their lists could not be read: the fields say
// so, never « aucun contact ne correspond » or no tags as if the network had none.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { create } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { ContactSchema, NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { serverError } from "../../test/errors";
import { candidate, renderApp } from "../../test/harness";

const ID = "11111111-1111-4111-8111-111111111111";

/** The form of an existing contact, opened from its page, with the contacts and the tags failing. */
async function openFormWithListsFailing() {
  renderApp({
    at: `/contact/${ID}`,
    user: candidate({ hasPremiumAccess: true }),
    routes: ({ service }) =>
      service(NetworkService, {
        getContact: () => ({
          contact: create(ContactSchema, { id: ID, rank: 1, firstName: "Claire", lastName: "BERNARD", email: "claire@bnp.example", status: ContactStatus.NEW, createdDate: timestampNow() }),
        }),
        listDescendants: () => ({ descendantIds: [] }),
        listRecommendedContacts: () => ({ recommendedContacts: [] }),
        listContacts: () => {
          throw serverError(Code.Internal);
        },
        searchTags: () => {
          throw serverError(Code.Internal);
        },
      }),
  });
  const u = userEvent.setup();
  await u.click((await screen.findAllByRole("button", { name: "Modifier" }))[0]!);
  const dialog = within(await screen.findByRole("dialog", { name: "Modifier le contact" }));
  await dialog.findByRole("combobox", { name: "Intermédiaire" });
  return { u, dialog };
}

/** The helper text under a field (MUI links it with aria-describedby). */
function helperOf(field: HTMLElement): string {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("contact form, lists that could not load", () => {
  it("the intermediary says the contacts could not load, in its help and when nothing is offered", async () => {
    const { u, dialog } = await openFormWithListsFailing();
    const picker = dialog.getByRole("combobox", { name: "Intermédiaire" });
    expect(await within(picker.closest(".MuiFormControl-root") as HTMLElement).findByText("Vos contacts n'ont pas pu être chargés.")).toBeTruthy();
    expect(helperOf(picker)).toBe("Vos contacts n'ont pas pu être chargés.");
    await u.clear(picker);
    await u.type(picker, "Hug");
    // Nothing to offer (not even « Vous »): the popup says why.
    await waitFor(() => expect(document.querySelector(".MuiAutocomplete-noOptions")?.textContent).toBe("Vos contacts n'ont pas pu être chargés."));
    expect(screen.queryByText("Aucun contact ne correspond")).toBeNull();
  });

  it("the tags say the existing tags could not load", async () => {
    const { dialog } = await openFormWithListsFailing();
    const tags = dialog.getByRole("combobox", { name: "Étiquettes" });
    expect(await within(tags.closest(".MuiFormControl-root") as HTMLElement).findByText(/^Vos étiquettes n'ont pas pu être chargées\./)).toBeTruthy();
    expect(helperOf(tags)).toMatch(/^Vos étiquettes n'ont pas pu être chargées\./);
  });
});
