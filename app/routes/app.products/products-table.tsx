import { useNavigate } from "@remix-run/react";
import { Badge, BlockStack, EmptyState, IndexTable, InlineStack, Link, Text, Thumbnail, useBreakpoints } from "@shopify/polaris";
import type { ProductRow } from "~/domain/catalogue/products-page";
import { shopifyProductUrl } from "./view";

/** A variant without an image anywhere: a plain grey square, the size of a thumbnail. */
const NO_IMAGE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e3e3e3"/></svg>');

function StateBadges({ row }: { row: ProductRow }) {
  return (
    <InlineStack gap="100" wrap>
      <Badge tone={row.guidance.tone === "neutral" ? undefined : row.guidance.tone}>{row.guidance.badge}</Badge>
      {row.lowStock && <Badge tone="warning">Low stock</Badge>}
    </InlineStack>
  );
}

function ProductCell({ row, onSelect }: { row: ProductRow; onSelect: (id: string) => void }) {
  return (
    <InlineStack gap="300" wrap={false} blockAlign="center">
      <Thumbnail source={row.imageUrl ?? NO_IMAGE} alt={row.imageUrl ? row.productTitle : ""} size="small" />
      <BlockStack gap="050">
        <Link onClick={() => onSelect(row.id)} dataPrimaryLink monochrome removeUnderline>
          <Text as="span" fontWeight="semibold">
            {row.productTitle}
          </Text>
        </Link>
        <Text as="span" tone="subdued">
          {row.variantTitle}
        </Text>
      </BlockStack>
    </InlineStack>
  );
}

/** One page of the catalogue: each variant with HyperSKU's side of it; condensed to one cell per row on a phone. */
export function ProductsTable({
  rows,
  loading,
  nextHref,
  hasPrevious,
  onSelect,
  neverSynced,
}: {
  rows: ProductRow[];
  loading: boolean;
  nextHref: string | null;
  hasPrevious: boolean;
  onSelect: (id: string) => void;
  neverSynced: boolean;
}) {
  const navigate = useNavigate();
  const { smDown } = useBreakpoints();
  const emptyState = (
    <EmptyState heading={neverSynced ? "Your catalogue has not been read yet" : "No variants here"} image="">
      <p>{neverSynced ? "Sync now reads your products from Shopify and what HyperSKU knows of them." : "Try another tab or search."}</p>
    </EmptyState>
  );
  return (
    <IndexTable
      resourceName={{ singular: "variant", plural: "variants" }}
      itemCount={rows.length}
      selectable={false}
      condensed={smDown}
      loading={loading}
      emptyState={emptyState}
      headings={[
        { title: "Product" },
        { title: "SKU" },
        { title: "HyperSKU" },
        { title: "HyperSKU SKU" },
        { title: "Unit cost", alignment: "end" },
        { title: "Stock", alignment: "end" },
        { title: "Ships to", alignment: "end" },
        { title: "" },
      ]}
      pagination={{
        hasNext: nextHref !== null,
        hasPrevious,
        onNext: () => nextHref && navigate(nextHref),
        onPrevious: () => navigate(-1),
        accessibilityLabels: { next: "Next page of variants", previous: "Previous page of variants" },
      }}
    >
      {rows.map((row, index) =>
        smDown ? (
          <IndexTable.Row id={row.id} key={row.id} position={index} onClick={() => onSelect(row.id)}>
            <div style={{ padding: "12px 16px" }}>
              <BlockStack gap="200">
                <ProductCell row={row} onSelect={onSelect} />
                <StateBadges row={row} />
                <Text as="span" tone="subdued">
                  {[row.sku, row.costText, row.stock !== null ? `${row.stock} in stock` : null].filter(Boolean).join(" · ")}
                </Text>
              </BlockStack>
            </div>
          </IndexTable.Row>
        ) : (
          <IndexTable.Row id={row.id} key={row.id} position={index} onClick={() => onSelect(row.id)}>
            <IndexTable.Cell>
              <ProductCell row={row} onSelect={onSelect} />
            </IndexTable.Cell>
            <IndexTable.Cell>{row.sku ?? ""}</IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="100">
                <StateBadges row={row} />
                {row.guidance.url && (
                  <Link url={row.guidance.url} target="_blank">
                    What to do
                  </Link>
                )}
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.hyperskuSkuId ?? ""}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {row.costText ?? ""}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={row.lowStock ? "caution" : undefined}>
                {row.stock ?? ""}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {row.shipsToCount > 0 ? row.shipsToCount : ""}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Link url={shopifyProductUrl(row.productId)} target="_top">
                In Shopify
              </Link>
            </IndexTable.Cell>
          </IndexTable.Row>
        ),
      )}
    </IndexTable>
  );
}
