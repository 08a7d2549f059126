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
import FilterListRounded from "@mui/icons-material/FilterListRounded";
import { ActiveFilters, type ActiveFiltersTexts, type FilterChip } from "./ActiveFilters";
import { FilterMenu, type FilterMenuSpec } from "./FilterMenu";
import { PremiumBadge } from "./PremiumBadge";
import { PremiumSearchField } from "./PremiumSearchField";

/** A multiple-choice filter (a FilterMenu); each ticked option is a chip under the row. */
export type PremiumFilterMenu = FilterMenuSpec;

/** What a list page hands its filter row: the filters and their change, the premium gate, « N sur M ». */
export type FilterRowProps<F> = { filters: F; onChange: (filters: F) => void; premium: boolean; allow: () => boolean; shown: number | undefined; total: number };

/** The status menu of a list: its statuses in their order, the ticked ones given back as statuses. */
export function statusMenu<S extends number>(label: string, order: readonly S[], labelOf: (s: S) => string, selected: readonly S[], onChange: (statuses: S[]) => void): PremiumFilterMenu {
  return {
    label,
    icon: <FilterListRounded />,
    options: order.map((s) => ({ value: String(s), label: labelOf(s) })),
    selected: selected.map(String),
    onChange: (values) => onChange(values.map((v) => Number(v) as S)),
  };
}

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
  active?: { onClear: () => void; shown: number | undefined; total: number; texts: ActiveFiltersTexts; countTestId?: string };
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
        <PremiumSearchField {...search} premium={premium} allow={allow} />
        {menus.map((menu) => (
          <FilterMenu key={menu.label} {...menu} onOpenRequest={allow} badge={badge} />
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
