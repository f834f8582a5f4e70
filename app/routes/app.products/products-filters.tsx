import { useEffect, useRef, useState } from "react";
import { IndexFilters, IndexFiltersMode, useSetIndexFiltersMode } from "@shopify/polaris";
import { formatCount } from "~/domain/admin/format";
import { TAB_LABELS } from "~/domain/catalogue/tabs";
import type { ProductsPageData } from "~/domain/catalogue/products-page";
import { CATALOGUE_TAB_ORDER } from "./tab-order";
import { useValueChanged } from "~/components/use-value-changed";
import type { GoToProducts } from "./view";

const SEARCH_DELAY_MS = 300;

/** The catalogue's tabs with their counts, and the search (sent after a pause in typing). */
export function ProductsFilters({
  filter,
  search,
  counts,
  go,
  loading,
}: {
  filter: ProductsPageData["filter"];
  search: string;
  counts: ProductsPageData["counts"];
  go: GoToProducts;
  loading: boolean;
}) {
  const { mode, setMode } = useSetIndexFiltersMode(search ? IndexFiltersMode.Filtering : IndexFiltersMode.Default);
  const [query, setQuery] = useState(search);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  if (useValueChanged(search, search)) setQuery(search);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const onQueryChange = (value: string) => {
    setQuery(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => go({ q: value.trim() || null }, true), SEARCH_DELAY_MS);
  };

  return (
    <IndexFilters
      tabs={CATALOGUE_TAB_ORDER.map((id) => ({
        id,
        content: TAB_LABELS[id],
        badge: formatCount(counts[id]),
        accessibilityLabel: `${TAB_LABELS[id]}: ${formatCount(counts[id])} ${counts[id] === 1 ? "variant" : "variants"}`,
        panelID: "products-table",
      }))}
      selected={Math.max(0, CATALOGUE_TAB_ORDER.indexOf(filter))}
      onSelect={(index) => go({ tab: index === 0 ? null : CATALOGUE_TAB_ORDER[index] })}
      queryValue={query}
      queryPlaceholder="Search by product, variant or SKU"
      onQueryChange={onQueryChange}
      onQueryClear={() => onQueryChange("")}
      filters={[]}
      onClearAll={() => go({ q: null })}
      cancelAction={{ onAction: () => go({ q: null }), disabled: false, loading: false }}
      mode={mode}
      setMode={setMode}
      loading={loading}
      canCreateNewView={false}
      hideFilters
    />
  );
}
