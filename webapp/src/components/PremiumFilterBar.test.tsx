// The row of premium filters as the lists show it (here with the network's labels): the search,
// the menus, the on/off filter and the page's own controls in that order, the chips of what
// applies under it, and, for a non-subscriber, every control badged and leading to `allow`.
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { networkMessages } from "../lib/messages/network";
import { renderApp } from "../test/harness";
import { PremiumFilterBar } from "./PremiumFilterBar";

const m = networkMessages.list;

const STATUSES = [
  { value: "1", label: "Incomplet" },
  { value: "2", label: "Nouveau" },
  { value: "3", label: "Engagé" },
];
const TAGS = [
  { value: "Lyon", label: "Lyon" },
  { value: "Banque", label: "Banque" },
];

type Filters = { search: string; statuses: string[]; tags: string[]; callBack: boolean };
const NONE: Filters = { search: "", statuses: [], tags: [], callBack: false };

/** The bar wired as a page wires it: the filters in state, `allow` answering for the gate. */
function List({ premium = true, start = NONE, allow = () => true, chips = true }: { premium?: boolean; start?: Filters; allow?: () => boolean; chips?: boolean }) {
  const [filters, setFilters] = useState(start);
  return (
    <PremiumFilterBar
      premium={premium}
      allow={allow}
      search={{ value: filters.search, onChange: (search) => setFilters({ ...filters, search }), label: m.search, placeholder: m.searchPlaceholder }}
      menus={[
        { label: m.statusFilter, options: STATUSES, selected: filters.statuses, onChange: (statuses) => setFilters({ ...filters, statuses }) },
        { label: m.tagFilter, options: TAGS, selected: filters.tags, onChange: (tags) => setFilters({ ...filters, tags }) },
      ]}
      toggles={[{ label: m.callBackFilter, pressed: filters.callBack, onToggle: () => setFilters({ ...filters, callBack: !filters.callBack }) }]}
      active={chips ? { onClear: () => setFilters(NONE), shown: 2, total: 34, texts: m, countTestId: "shown" } : undefined}
    >
      <button type="button">Tableau</button>
    </PremiumFilterBar>
  );
}

/** The bar within the app's providers (its theme, its emotion cache), once it is drawn. */
async function show(props: Parameters<typeof List>[0] = {}) {
  renderApp({ at: "/contacts", ui: <List {...props} /> });
  await screen.findByRole("searchbox", { name: "Rechercher un nom ou une entreprise" });
}

describe("the premium filter row", () => {
  it("shows the search, the menus, the on/off filter and the page's controls, in that order, without badges for a subscriber", async () => {
    await show();
    const search = screen.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" });
    expect(search.getAttribute("placeholder")).toBe("Nom ou entreprise…");
    expect(search.hasAttribute("readonly")).toBe(false);
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Statut", "Étiquettes", "À relancer", "Tableau"]);
    expect(screen.getByRole("button", { name: "À relancer" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByTestId("premium-badge")).toBeNull();
    // Nothing applies: no line of chips.
    expect(screen.queryByTestId("active-filters")).toBeNull();
  });

  it("filters from the menus and the toggle, and shows each filter that applies as a chip that removes it", async () => {
    await show();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: /^Statut/ }));
    const statuses = within(await screen.findByRole("group", { name: "Statut" }));
    expect(statuses.getAllByRole("checkbox").map((c) => c.closest("label")?.textContent)).toEqual(["Incomplet", "Nouveau", "Engagé"]);
    await u.click(statuses.getByRole("checkbox", { name: "Engagé" }));
    await u.keyboard("{Escape}");
    await u.click(screen.getByRole("button", { name: /^Étiquettes/ }));
    await u.click(within(await screen.findByRole("group", { name: "Étiquettes" })).getByRole("checkbox", { name: "Lyon" }));
    await u.keyboard("{Escape}");
    await u.click(screen.getByRole("button", { name: "À relancer" }));
    expect(screen.getByRole("button", { name: "À relancer" }).getAttribute("aria-pressed")).toBe("true");

    // The menus count what is ticked; the chips come in the row's order.
    expect(screen.getByRole("button", { name: /^Statut/ }).textContent).toBe("Statut1");
    const line = within(screen.getByTestId("active-filters"));
    expect(line.getAllByRole("button", { name: /^Retirer le filtre/ }).map((c) => c.getAttribute("aria-label"))).toEqual([
      "Retirer le filtre Engagé",
      "Retirer le filtre Lyon",
      "Retirer le filtre À relancer",
    ]);
    expect(line.getByTestId("shown").textContent).toBe(m.shown(2, 34));
    expect(line.getByTestId("shown").textContent).toMatch(/^2\ssur 34\saffichés$/);

    await u.click(line.getByRole("button", { name: "Retirer le filtre Lyon" }));
    expect(screen.getByRole("button", { name: /^Étiquettes/ }).textContent).toBe("Étiquettes");
    await u.click(line.getByRole("button", { name: "Retirer le filtre À relancer" }));
    expect(screen.getByRole("button", { name: "À relancer" }).getAttribute("aria-pressed")).toBe("false");
    await u.click(line.getByRole("button", { name: "Effacer les filtres" }));
    expect(screen.queryByTestId("active-filters")).toBeNull();
  });

  it("counts a text search as a filter: the line shows with its way out", async () => {
    await show();
    const u = userEvent.setup();
    await u.type(screen.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }), "capgémini");
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("capgémini");
    const line = within(screen.getByTestId("active-filters"));
    expect(line.queryAllByRole("button", { name: /^Retirer le filtre/ })).toEqual([]);
    await u.click(line.getByRole("button", { name: "Effacer les filtres" }));
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
  });

  it("leaves the line of chips out when the page asks for none", async () => {
    await show({ chips: false, start: { ...NONE, search: "a", statuses: ["3"] } });
    expect(screen.getByRole("button", { name: /^Statut/ }).textContent).toBe("Statut1");
    expect(screen.queryByTestId("active-filters")).toBeNull();
  });

  it("badges every control for a non-subscriber, and sends each to `allow` instead of searching, opening or filtering", async () => {
    const allow = vi.fn(() => false);
    await show({ premium: false, allow });
    const search = screen.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" });
    expect(search.hasAttribute("readonly")).toBe(true);
    // The search says « Premium »; the menus and the toggle carry the badge's icon, read out.
    expect(screen.getAllByTestId("premium-badge").map((b) => b.textContent)).toEqual(["Premium", "Premium", "Premium", "Premium"]);
    for (const name of [/^Statut/, /^Étiquettes/, /^À relancer/]) {
      expect(within(screen.getByRole("button", { name })).getByTestId("premium-badge")).toBeTruthy();
    }
    expect(within(screen.getByRole("button", { name: "Tableau" })).queryByTestId("premium-badge")).toBeNull();

    const u = userEvent.setup();
    await u.click(search);
    // The click does not focus it; reached with Tab, it takes no text either.
    expect(document.activeElement).not.toBe(search);
    search.focus();
    await u.keyboard("a");
    expect((search as HTMLInputElement).value).toBe("");
    await u.click(screen.getByRole("button", { name: /^Statut/ }));
    expect(screen.queryByRole("group", { name: "Statut" })).toBeNull();
    await u.click(screen.getByRole("button", { name: /^Étiquettes/ }));
    expect(screen.queryByRole("group", { name: "Étiquettes" })).toBeNull();
    await u.click(screen.getByRole("button", { name: /^À relancer/ }));
    expect(screen.getByRole("button", { name: /^À relancer/ }).getAttribute("aria-pressed")).toBe("false");
    expect(allow).toHaveBeenCalledTimes(5);
    expect(screen.queryByTestId("active-filters")).toBeNull();
  });
});
