import { useEffect } from "react";
import { useNavigate } from "@remix-run/react";
import { Badge, BlockStack, IndexTable, Link, Text, useIndexResourceState } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import type { BulkResult } from "~/domain/admin/bulk-order-actions.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import type { BulkIntent, OrdersListView } from "./view";

/** One page of orders, with selection, the bulk Send now and Retry, and paging. */
export function OrdersTable({
  rows,
  loading,
  nextHref,
  previousHref,
  emptyState,
}: {
  rows: OrdersListView["rows"];
  loading: boolean;
  nextHref: string | null;
  previousHref: string | null;
  emptyState: React.ReactNode;
}) {
  const navigate = useNavigate();
  const shopify = useAppBridge();
  const { submit, busy, result } = useIntentFetcher<BulkResult, BulkIntent>();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(rows);

  useEffect(() => {
    if (!result) return;
    shopify.toast.show(result.message, { isError: !result.ok, duration: 6000 });
    clearSelection();
    // clearSelection is a new function on every render; the toast must fire once per result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const bulk = (intent: BulkIntent) => submit(intent, { id: selectedResources });

  return (
    <IndexTable
      resourceName={{ singular: "order", plural: "orders" }}
      itemCount={rows.length}
      selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
      onSelectionChange={handleSelectionChange}
      loading={loading}
      emptyState={emptyState}
      headings={[
        { title: "Order" },
        { title: "Date" },
        { title: "Status" },
        { title: "Tracking" },
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
            <StatusCell row={row} />
          </IndexTable.Cell>
          <IndexTable.Cell>{row.trackingNumber ?? ""}</IndexTable.Cell>
          <IndexTable.Cell>{row.hyperskuOrderId ?? ""}</IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" tone="subdued" truncate>
              {row.reason ?? row.pipeline.meaning}
            </Text>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

/** The order's pipeline stage, with HyperSKU's own status under it once HyperSKU has the order. */
function StatusCell({ row }: { row: OrdersListView["rows"][number] }) {
  return (
    <BlockStack gap="050" inlineAlign="start">
      <span title={row.pipeline.meaning}>
        <Badge tone={row.pipeline.tone ?? undefined}>{row.pipeline.label}</Badge>
      </span>
      {row.hyperskuStatus && (
        <Text as="span" variant="bodySm" tone="subdued">
          {`HyperSKU: ${row.hyperskuStatus.name}`}
        </Text>
      )}
    </BlockStack>
  );
}
