// The row of premium filters above a list (network, applications, activities): the search
// field, the filter menus, the on/off filters, then the page's own controls (`children`: the
// view switch, the sort order), and under the row the chips of the filters that apply
// (ActiveFilters), when the page asks for them (`active`). Searching and filtering are premium:
// for a non-subscriber each of these controls carries the premium badge and asks `allow`
// (which sends them to the subscription page) instead of doing anything. The page passes its
// labels and options in; the chips are read from the menus and the toggles, in their order.
import type { ReactNode } from "react";
import type { SxProps, Theme } from "@mui/material/styles";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { ActiveFilters, type ActiveFiltersTexts, type FilterChip } from "./ActiveFilters";
import { FilterMenu, type FilterOption } from "./FilterMenu";
import { PremiumBadge } from "./PremiumBadge";
import { PremiumSearchField } from "./PremiumSearchField";

/** A multiple-choice filter (a FilterMenu); each ticked option is a chip under the row. */
export type PremiumFilterMenu = {
  label: string;
  icon?: ReactNode;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  /** The options are on their way (the menu says « Chargement… »). */
  loading?: boolean;
  /** The menu opened (to fetch options on demand). */
  onOpen?: () => void;
};

/** An on/off filter (a button, aria-pressed); on, it is a chip under the row. */
export type PremiumFilterToggle = {
  label: string;
  icon?: ReactNode;
  pressed: boolean;
  onToggle: () => void;
};

export function PremiumFilterBar({
  premium,
  allow,
  search,
  menus,
  toggles = [],
  active,
  children,
}: {
  premium: boolean;
  /** Asked before a non-subscriber searches or filters: false keeps the control closed. */
  allow: () => boolean;
  search: { value: string; onChange: (text: string) => void; label: string; placeholder: string; sx?: SxProps<Theme> };
  menus: readonly PremiumFilterMenu[];
  toggles?: readonly PremiumFilterToggle[];
  /** The line of chips, « Effacer les filtres » and « N sur M affichés »; without it, no such line. */
  active?: { onClear: () => void; shown: number; total: number; texts: ActiveFiltersTexts; countTestId?: string };
  /** The page's own controls, at the end of the row. */
  children?: ReactNode;
}) {
  const badge = premium ? undefined : <PremiumBadge compact />;
  const chips: FilterChip[] = [
    ...menus.flatMap((menu) =>
      menu.selected.map((value) => ({
        key: `${menu.label}:${value}`,
        label: menu.options.find((o) => o.value === value)?.label ?? value,
        remove: () => menu.onChange(menu.selected.filter((v) => v !== value)),
      })),
    ),
    ...toggles.filter((t) => t.pressed).map((t) => ({ key: t.label, label: t.label, remove: t.onToggle })),
  ];

  return (
    <Box sx={{ mb: 2.5 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <PremiumSearchField
          value={search.value}
          onChange={search.onChange}
          premium={premium}
          allow={allow}
          label={search.label}
          placeholder={search.placeholder}
          sx={search.sx}
        />
        {menus.map((menu) => (
          <FilterMenu
            key={menu.label}
            label={menu.label}
            icon={menu.icon}
            options={menu.options}
            loading={menu.loading}
            selected={menu.selected}
            onChange={menu.onChange}
            onOpenRequest={allow}
            onOpen={menu.onOpen}
            badge={badge}
          />
        ))}
        {toggles.map((t) => (
          <Button
            key={t.label}
            variant={t.pressed ? "contained" : "outlined"}
            color={t.pressed ? "primary" : "inherit"}
            startIcon={t.icon}
            endIcon={badge}
            aria-pressed={t.pressed}
            onClick={() => allow() && t.onToggle()}
            sx={t.pressed ? { height: 44 } : { height: 44, borderColor: "divider", bgcolor: "background.paper" }}
          >
            {t.label}
          </Button>
        ))}
        {children}
      </Box>
      {active && (
        <ActiveFilters
          chips={chips}
          searching={search.value.trim() !== ""}
          onClear={active.onClear}
          shown={active.shown}
          total={active.total}
          texts={active.texts}
          countTestId={active.countTestId}
        />
      )}
    </Box>
  );
}
