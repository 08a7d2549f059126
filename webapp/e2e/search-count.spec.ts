// A text search on the network list counts what it shows and offers the way out, like the
// status and tag filters (issue 9), at both widths.
import { DEMO } from "./env";
import { expect, nbsp, test } from "./fixtures";
import { widths } from "./screens";

for (const { name, width, height } of widths) {
  test.describe(`search count at ${name}`, () => {
    test.use({ viewport: { width, height } });

    test("a text search shows « N sur M affichés » and « Effacer les filtres »", async ({ page, signIn }) => {
      await signIn(DEMO.candidate);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto("/contacts");
      const count = page.getByTestId("contacts-count");
      await expect(count).toHaveText(new RegExp(`^\\d+${nbsp}contacts$`));
      const total = Number((await count.textContent())!.replace(/\D/g, ""));

      const search = page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" });
      await search.fill("bernard");
      const filters = page.getByTestId("active-filters");
      await expect(filters.getByText(new RegExp(`^\\d+ sur ${total} affichés?$`))).toBeVisible();
      await filters.getByRole("button", { name: "Effacer les filtres" }).click();
      await expect(search).toHaveValue("");
      await expect(filters).toBeHidden();
    });
  });
}
