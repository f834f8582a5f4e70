import { BlockStack, Card, Text } from "@shopify/polaris";
import { ItemRow } from "./item-row";
import type { OrderView } from "./view";

export function ItemsCard({ items }: { items: OrderView["items"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="050">
          <Text as="h2" variant="headingMd">
            Items
          </Text>
          <Text as="p" tone="subdued">
            {items.source === "hypersku" ? "As HyperSKU returned them." : "As in Shopify (HyperSKU has not returned the order yet)."}
          </Text>
        </BlockStack>
        {items.rows.length === 0 ? (
          <Text as="p" tone="subdued">
            No items.
          </Text>
        ) : (
          <BlockStack as="ul" gap="300">
            {items.rows.map((item) => (
              <li key={item.key} style={{ listStyle: "none" }}>
                <ItemRow item={item} />
              </li>
            ))}
          </BlockStack>
        )}
        {items.leftOut.length > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Not sent to HyperSKU
            </Text>
            <BlockStack as="ul" gap="100">
              {items.leftOut.map((item) => (
                <li key={item.key}>
                  <Text as="span" fontWeight="medium">
                    {item.title}
                  </Text>
                  <Text as="span" tone="subdued">
                    {` — ${item.reason}`}
                  </Text>
                </li>
              ))}
            </BlockStack>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
