// Sorting the insight tables by any column: numbers from the largest on the first click (who
// does most), text from A on it; a second click on the same column reverses. Ties keep a
// stable order by name, so that the table does not shuffle between clicks.
import { useMemo, useState } from "react";

export type Direction = "asc" | "desc";
export type Sort<K extends string> = { key: K; direction: Direction };

/** A column's value for sorting: text compares the French way, a missing value comes last. */
export type SortValue = string | number | undefined;
export type SortColumns<T, K extends string> = Record<K, (row: T) => SortValue>;

/**
 * How a table sorts: its columns in their order, each one's value, the sort it opens with, the
 * direction of a column's first click, and the order of ties (the row's name).
 */
export type SortModel<T, K extends string> = { columns: readonly K[]; values: SortColumns<T, K>; first: Sort<K>; firstDirection: (key: K) => Direction; tie: (row: T) => string };

const collator = new Intl.Collator("fr-FR", { sensitivity: "base", numeric: true });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
  if (typeof a === "number" && typeof b === "number") return a - b;
  return 0;
}

/**
 * The rows in the order of `sort`; ties in `tie`'s order (ascending whatever the direction).
 * A row without a value (never signed in) comes after the others in either direction.
 */
export function sortRows<T, K extends string>(rows: readonly T[], columns: SortColumns<T, K>, sort: Sort<K>, tie: (row: T) => string): T[] {
  const value = columns[sort.key];
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === undefined || vb === undefined) {
      if (va !== vb) return va === undefined ? 1 : -1;
    } else {
      const order = compareValues(va, vb);
      if (order !== 0) return sign * order;
    }
    return collator.compare(tie(a), tie(b));
  });
}

/** The sort after clicking `key`: the same column reversed, or a new column in its first direction. */
export function nextSort<K extends string>(current: Sort<K>, key: K, firstDirection: (key: K) => Direction): Sort<K> {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: firstDirection(key) };
}

/** A table's sort state and its sorted rows. */
export function useSortedRows<T, K extends string>(
  rows: readonly T[],
  columns: SortColumns<T, K>,
  initial: Sort<K>,
  firstDirection: (key: K) => Direction,
  tie: (row: T) => string,
) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => sortRows(rows, columns, sort, tie), [rows, columns, sort, tie]);
  return { sort, sorted, sortBy: (key: K) => setSort((current) => nextSort(current, key, firstDirection)) };
}
