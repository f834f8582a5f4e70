import type { CatalogueFilter } from "~/models/catalogue.server";

/** The tabs left to right: the split of the catalogue, then the low-stock view across it. */
export const CATALOGUE_TAB_ORDER: readonly CatalogueFilter[] = ["all", "sourced", "not_sourced", "excluded", "gone", "low_stock"];
