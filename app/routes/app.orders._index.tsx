import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Card,
  ChoiceList,
  IndexFilters,
  IndexTable,
  Link,
  Page,
  Text,
  useIndexResourceState,
  useSetIndexFiltersMode,
  IndexFiltersMode,
} from "@shopify/polaris";
import { TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { EmptyPanel } from "~/components/EmptyPanel";
import { NavigationLoading } from "~/components/NavigationLoading";
import { HyperskuStatusBadge, OrderStateBadge } from "~/components/OrderBadges";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { BULK_LIMIT, runBulkOrderAction, type BulkResult } from "~/domain/admin/bulk-order-actions.server";
import { formatDateTime } from "~/domain/admin/format";
import { getOrdersList } from "~/domain/admin/orders-list.server";
import { ORDER_TABS, ordersListHref } from "~/domain/admin/orders-list-query";
import { HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { authenticate } from "~/shopify.server";
import { useValueChanged } from "~/components/use-value-changed";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const list = await getOrdersList(session.shop, new URL(request.url));
  return json({ ...list, rows: list.rows.map((row) => ({ ...row, createdText: formatDateTime(row.createdAt) })) });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const ids = form.getAll("id").map(String).filter(Boolean);
  if (intent !== "send" && intent !== "retry") throw new Response(`Unknown action "${intent}"`, { status: 400 });
  if (ids.length === 0 || ids.length > BULK_LIMIT) throw new Response(`Select between 1 and ${BULK_LIMIT} orders.`, { status: 400 });
  return json<BulkResult>(await runBulkOrderAction(session.shop, intent, ids));
};

const STATUS_CHOICES = HYPERSKU_STATUSES.map((status) => ({ label: status.name, value: String(status.code), helpText: status.meaning }));
const SEARCH_DELAY_MS = 300;

export default function OrdersPage() {
  const { rows, view, nextHref, previousHref } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const shopify = useAppBridge();
  const fetcher = useFetcher<BulkResult>();
  const { mode, setMode } = useSetIndexFiltersMode(view.search || view.status !== null ? IndexFiltersMode.Filtering : IndexFiltersMode.Default);
  const [query, setQuery] = useState(view.search);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(rows);

  const go = useCallback((changes: Record<string, string | null>, replace = false) => navigate(ordersListHref(params, changes), { replace }), [navigate, params]);

  // A new search in the address (back, forward, a tab) replaces what the field shows.
  if (useValueChanged(view.search, view.search)) setQuery(view.search);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    shopify.toast.show(result.message, { isError: !result.ok, duration: 6000 });
    clearSelection();
    // clearSelection is a new function on every render; the toast must fire once per result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const onQueryChange = (value: string) => {
    setQuery(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => go({ q: value.trim() || null }, true), SEARCH_DELAY_MS);
  };

  const bulk = (intent: "send" | "retry") => {
    const form = new FormData();
    form.set("intent", intent);
    for (const id of selectedResources) form.append("id", id);
    fetcher.submit(form, { method: "post" });
  };

  const selectedTab = Math.max(0, ORDER_TABS.findIndex((tab) => tab.id === view.tab));
  const statusValue = view.status === null ? [] : [String(view.status)];
  const statusLabel = view.status === null ? null : (HYPERSKU_STATUSES.find((status) => status.code === view.status)?.name ?? `HyperSKU status ${view.status}`);
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/app/orders";
  const busy = fetcher.state !== "idle";

  const emptyState = view.search || view.status !== null ? (
    <EmptyPanel heading="No orders match" action={{ content: "Clear search and filters", onAction: () => go({ q: null, status: null }) }}>
      No order in this view has a name or number starting with what you typed, or that HyperSKU status.
    </EmptyPanel>
  ) : view.tab === "all" ? (
    <EmptyPanel heading="No orders yet" action={{ content: "Send past orders", url: "/app/past-orders" }}>
      New orders appear here as soon as Shopify sends them to the app.
    </EmptyPanel>
  ) : (
    <EmptyPanel heading={`No orders in ${ORDER_TABS[selectedTab].label}`}>Nothing here right now.</EmptyPanel>
  );

  return (
    <Page title="Orders" fullWidth backAction={{ content: "Dashboard", url: "/app" }}>
      <TitleBar title="Orders" />
      <NavigationLoading />
      <Card padding="0">
        <IndexFilters
          tabs={ORDER_TABS.map((tab) => ({ id: tab.id, content: tab.label, accessibilityLabel: `${tab.label} orders`, panelID: "orders-table" }))}
          selected={selectedTab}
          onSelect={(index) => go({ tab: ORDER_TABS[index].id })}
          queryValue={query}
          queryPlaceholder="Search by order name or number"
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
          ]}
          appliedFilters={statusLabel ? [{ key: "status", label: `HyperSKU status: ${statusLabel}`, onRemove: () => go({ status: null }) }] : []}
          onClearAll={() => go({ q: null, status: null })}
          cancelAction={{ onAction: () => go({ q: null, status: null }), disabled: false, loading: false }}
          filteringAccessibilityLabel="Search and filter orders"
          mode={mode}
          setMode={setMode}
          loading={loadingList}
          canCreateNewView={false}
        />
        <div id="orders-table">
          <IndexTable
            resourceName={{ singular: "order", plural: "orders" }}
            itemCount={rows.length}
            selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
            onSelectionChange={handleSelectionChange}
            loading={loadingList}
            emptyState={emptyState}
            headings={[
              { title: "Order" },
              { title: "Date (UTC)" },
              { title: "State" },
              { title: "HyperSKU status" },
              { title: "HyperSKU order" },
              { title: "Details" },
            ]}
            promotedBulkActions={[
              { content: "Send now", onAction: () => bulk("send"), disabled: busy },
              { content: "Retry", onAction: () => bulk("retry"), disabled: busy },
            ]}
            pagination={{
              hasNext: nextHref !== null,
              hasPrevious: previousHref !== null,
              onNext: () => nextHref && navigate(nextHref),
              onPrevious: () => previousHref && navigate(previousHref),
              accessibilityLabels: { next: "Next page of orders", previous: "Previous page of orders" },
            }}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index} selected={selectedResources.includes(row.id)}>
                <IndexTable.Cell>
                  <Link url={`/app/orders/${row.id}`} dataPrimaryLink monochrome removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {row.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.createdText}</IndexTable.Cell>
                <IndexTable.Cell>
                  <OrderStateBadge state={row.state} />
                </IndexTable.Cell>
                <IndexTable.Cell>{row.hyperskuStatus ? <HyperskuStatusBadge status={row.hyperskuStatus} /> : <Text as="span" tone="subdued">Not at HyperSKU</Text>}</IndexTable.Cell>
                <IndexTable.Cell>{row.hyperskuOrderId ?? ""}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone="subdued" truncate>
                    {row.reason ?? row.hyperskuStatus?.meaning ?? ""}
                  </Text>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </div>
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Orders" />;
}
