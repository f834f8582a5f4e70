import { Banner, BlockStack, Card, Link, Text } from "@shopify/polaris";
import { Field, fieldsStyle } from "./fields";
import type { OrderView } from "./view";

/** The order as Shopify has it, with a link to it in the Shopify admin. */
export function ShopifyCard({ order }: { order: Pick<OrderView, "name" | "shopify" | "shopifyAdminUrl"> }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Shopify order
        </Text>
        <dl style={fieldsStyle}>
          <Field label="Order">{order.name}</Field>
          <Field label="Payment">{order.shopify.financialStatus}</Field>
          <Field label="Fulfillment">{order.shopify.fulfillmentStatus}</Field>
          {order.shopify.total && <Field label="Total">{order.shopify.total}</Field>}
          {order.shopify.test && <Field label="Test order">Yes</Field>}
          {order.shopify.tags.length > 0 && <Field label="Tags">{order.shopify.tags.join(", ")}</Field>}
          {order.shopify.note && <Field label="Order note">{order.shopify.note}</Field>}
        </dl>
        {order.shopify.note && (
          <Banner tone="info">
            HyperSKU does not receive the order note. If it asks something of HyperSKU (a packing wish, a delivery instruction), tell
            HyperSKU yourself.
          </Banner>
        )}
        <Link url={order.shopifyAdminUrl} target="_top">
          Open {order.name} in Shopify
        </Link>
      </BlockStack>
    </Card>
  );
}
