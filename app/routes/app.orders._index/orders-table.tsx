import { useNavigate } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  IndexTable,
  InlineStack,
  Link,
  Text,
  Thumbnail,
  useBreakpoints,
  useIndexResourceState,
} from "@shopify/polaris";
import { useValueChanged } from "~/components/use-value-changed";
import { useBulkActions } from "./bulk-actions";
import type { OrderRowView, OrdersListView } from "./view";

const HEADINGS = [
  { title: "Order" },
  { title: "Date" },
  { title: "Age" },
  { title: "Customer" },
  { title: "Destination" },
  { title: "Items" },
  { title: "Total", alignment: "end" as const },
  { title: "Status" },
  { title: "Tracking" },
  { title: "HyperSKU order" },
] as [{ title: string }, ...{ title: string; alignment?: "end" }[]];

/**
 * One page of orders, with selection, the bulk actions the selection can take, and paging. On a
 * narrow screen (a phone) the table is condensed: each order one stacked row.
 */
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
  // The defaults are the server's guess (wide); the browser's real width applies after hydration.
  const { smDown } = useBreakpoints();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(rows);
  // Another tab, search or page: a selection of orders no longer shown would be acted on unseen.
  if (useValueChanged(rows.map((row) => row.id).join(","), rows.map((row) => row.id).join(","))) clearSelection();
  const selected = rows.filter((row) => allResourcesSelected || selectedResources.includes(row.id));
  const bulk = useBulkActions(selected, clearSelection);

  return (
    <>
      {bulk.outcome}
      <IndexTable
        condensed={smDown}
        resourceName={{ singular: "order", plural: "orders" }}
        itemCount={rows.length}
        selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        loading={loading}
        emptyState={emptyState}
        headings={HEADINGS}
        promotedBulkActions={bulk.promoted}
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
            {smDown ? <CondensedCells row={row} /> : <WideCells row={row} />}
          </IndexTable.Row>
        ))}
      </IndexTable>
      {bulk.modal}
    </>
  );
}

function OrderLink({ row }: { row: OrderRowView }) {
  return (
    <Link url={`/app/orders/${row.id}`} dataPrimaryLink monochrome removeUnderline>
      <Text as="span" fontWeight="semibold">
        {row.name}
      </Text>
    </Link>
  );
}

/** The order in Shopify's admin (App Bridge opens shopify:// links there, outside the app's frame). */
function ShopifyLink({ row }: { row: OrderRowView }) {
  return (
    <Link
      url={`shopify://admin/orders/${row.shopifyOrderId}`}
      accessibilityLabel={`Open order ${row.name.replace(/^#/, "")} in Shopify`}
      removeUnderline
    >
      <Text as="span" variant="bodySm">
        Shopify
      </Text>
    </Link>
  );
}

function ItemsCell({ row }: { row: OrderRowView }) {
  const label = `${row.items.count} ${row.items.count === 1 ? "item" : "items"}`;
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      {row.items.imageUrl ? (
        <Thumbnail size="extraSmall" source={row.items.imageUrl} alt={row.items.firstTitle ?? ""} />
      ) : (
        // No picture known for the item: an empty frame of the thumbnail's size keeps the column aligned.
        <Box width="24px" minHeight="24px" borderRadius="100" background="bg-fill-secondary" />
      )}
      <Text as="span">{label}</Text>
    </InlineStack>
  );
}

function WideCells({ row }: { row: OrderRowView }) {
  return (
    <>
      <IndexTable.Cell>
        <BlockStack gap="050">
          <OrderLink row={row} />
          <ShopifyLink row={row} />
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>{row.createdText}</IndexTable.Cell>
      <IndexTable.Cell>{row.age}</IndexTable.Cell>
      <IndexTable.Cell>
        <BlockStack gap="050">
          <Text as="span">{row.customer ?? "—"}</Text>
          {row.email && (
            <Text as="span" variant="bodySm" tone="subdued">
              {row.email}
            </Text>
          )}
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>{row.destination ?? "—"}</IndexTable.Cell>
      <IndexTable.Cell>
        <ItemsCell row={row} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {row.total ?? ""}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <StatusCell row={row} />
      </IndexTable.Cell>
      <IndexTable.Cell>{row.trackingNumber ?? ""}</IndexTable.Cell>
      <IndexTable.Cell>{row.hyperskuOrderId ?? ""}</IndexTable.Cell>
    </>
  );
}

/** A phone's row: the order and its status, then who, where, what and how much. */
function CondensedCells({ row }: { row: OrderRowView }) {
  return (
    <div style={{ padding: "var(--p-space-300) var(--p-space-400)" }}>
      <BlockStack gap="150">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <OrderLink row={row} />
          <Text as="span" variant="bodySm" tone="subdued">
            {row.createdText}
          </Text>
        </InlineStack>
        <StatusCell row={row} />
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="span">{[row.customer, row.destination].filter(Boolean).join(" · ") || "—"}</Text>
          <Text as="span" numeric>
            {row.total ?? ""}
          </Text>
        </InlineStack>
        <ItemsCell row={row} />
        {row.trackingNumber && <Text as="span" variant="bodySm">{`Tracking: ${row.trackingNumber}`}</Text>}
      </BlockStack>
    </div>
  );
}

/** The order's pipeline stage, HyperSKU's own status once HyperSKU has the order, and the one line that explains it. */
function StatusCell({ row }: { row: OrderRowView }) {
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
      <Box maxWidth="22rem">
        <Text as="span" variant="bodySm" tone="subdued">
          {row.reason ?? row.pipeline.meaning}
        </Text>
      </Box>
    </BlockStack>
  );
}
