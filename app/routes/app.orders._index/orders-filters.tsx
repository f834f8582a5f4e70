import { useEffect, useRef, useState } from "react";
import { ChoiceList, IndexFilters, IndexFiltersMode, useSetIndexFiltersMode } from "@shopify/polaris";
import type { IndexFiltersProps } from "@shopify/polaris";
import { ORDER_TABS } from "~/domain/admin/orders-list-query";
import { describeHyperskuStatus, HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { useValueChanged } from "~/components/use-value-changed";
import { formatCount } from "~/domain/admin/format";
import { DateRangeFilter } from "./date-range-filter";
import type { GoToList, OrdersListView } from "./view";

const STATUS_CHOICES = HYPERSKU_STATUSES.map((status) => ({ label: status.name, value: String(status.code), helpText: status.meaning }));
const SEARCH_DELAY_MS = 300;
const SORT_OPTIONS: IndexFiltersProps["sortOptions"] = [
  { label: "Date", value: "created desc", directionLabel: "Newest first" },
  { label: "Date", value: "created asc", directionLabel: "Oldest first" },
];

/** The pipeline's tabs with their counts, the search (sent after a pause in typing), the HyperSKU status and date filters, the sort. */
export function OrdersFilters({
  view,
  counts,
  selectedTab,
  go,
  loading,
}: {
  view: OrdersListView["view"];
  counts: OrdersListView["counts"];
  selectedTab: number;
  go: GoToList;
  loading: boolean;
}) {
  const { mode, setMode } = useSetIndexFiltersMode(
    view.search || view.status !== null || view.from || view.to ? IndexFiltersMode.Filtering : IndexFiltersMode.Default,
  );
  const [query, setQuery] = useState(view.search);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();

  // A new search in the address (back, forward, a tab) replaces what the field shows.
  if (useValueChanged(view.search, view.search)) setQuery(view.search);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const onQueryChange = (value: string) => {
    setQuery(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => go({ q: value.trim() || null }, true), SEARCH_DELAY_MS);
  };

  const statusValue = view.status === null ? [] : [String(view.status)];
  const statusLabel = describeHyperskuStatus(view.status)?.name ?? null;
  const dateLabel = view.dateLabel;
  const clearAll = () => go({ q: null, status: null, from: null, to: null });

  return (
    <IndexFilters
      tabs={ORDER_TABS.map((tab) => ({
        id: tab.id,
        content: tab.label,
        badge: formatCount(counts[tab.id]),
        accessibilityLabel: `${tab.label}: ${formatCount(counts[tab.id])} ${counts[tab.id] === 1 ? "order" : "orders"}`,
        panelID: "orders-table",
      }))}
      selected={selectedTab}
      onSelect={(index) => go({ tab: ORDER_TABS[index].id })}
      queryValue={query}
      queryPlaceholder="Search by order, customer, e-mail, tracking number or HyperSKU order"
      onQueryChange={onQueryChange}
      onQueryClear={() => onQueryChange("")}
      filters={[
        {
          key: "status",
          label: "HyperSKU status",
          filter: (
            <ChoiceList
              title="HyperSKU status"
              titleHidden
              choices={STATUS_CHOICES}
              selected={statusValue}
              onChange={(value) => go({ status: value[0] ?? null })}
            />
          ),
          pinned: true,
        },
        {
          key: "created",
          label: "Date",
          filter: <DateRangeFilter from={view.from} to={view.to} go={go} />,
          pinned: true,
        },
      ]}
      appliedFilters={[
        ...(statusLabel ? [{ key: "status", label: `HyperSKU status: ${statusLabel}`, onRemove: () => go({ status: null }) }] : []),
        ...(dateLabel ? [{ key: "created", label: dateLabel, onRemove: () => go({ from: null, to: null }) }] : []),
      ]}
      onClearAll={clearAll}
      cancelAction={{ onAction: clearAll, disabled: false, loading: false }}
      sortOptions={SORT_OPTIONS}
      sortSelected={[view.sort === "oldest" ? "created asc" : "created desc"]}
      onSort={(value) => go({ sort: value[0] === "created asc" ? "oldest" : "newest" })}
      filteringAccessibilityLabel="Search and filter orders"
      mode={mode}
      setMode={setMode}
      loading={loading}
      canCreateNewView={false}
    />
  );
}
