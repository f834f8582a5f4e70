/**
 * The Products page's tabs, pure: their labels, which tab a row belongs to, and the counts from the grouped
 * read. The model (catalogue.server.ts) holds the matching queries.
 */
import type { CatalogueFilter, CatalogueSourcing } from "~/models/catalogue.server";

export const TAB_LABELS: Record<CatalogueFilter, string> = {
  all: "All",
  sourced: "Sourced",
  not_sourced: "Not sourced yet",
  excluded: "Excluded by your rules",
  gone: "Deleted or no longer offered",
  low_stock: "Low stock",
};

export interface TabFacts {
  sourcing: CatalogueSourcing;
  excluded: boolean;
  deleted: boolean;
}

/** The one tab of all/sourced/not_sourced/excluded/gone's split a row is in (besides "all"). */
export function tabOf(row: TabFacts): Exclude<CatalogueFilter, "all" | "low_stock"> {
  if (row.deleted) return "gone";
  if (row.excluded) return "excluded";
  if (row.sourcing === "sourced") return "sourced";
  if (row.sourcing === "not_offered") return "gone";
  return "not_sourced";
}

export type TabCounts = Record<CatalogueFilter, number>;

export function countTabs(groups: readonly (TabFacts & { count: number })[], lowStock: number): TabCounts {
  const counts: TabCounts = { all: 0, sourced: 0, not_sourced: 0, excluded: 0, gone: 0, low_stock: lowStock };
  for (const group of groups) {
    counts.all += group.count;
    counts[tabOf(group)] += group.count;
  }
  return counts;
}
