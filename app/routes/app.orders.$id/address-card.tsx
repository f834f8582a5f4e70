import { BlockStack, Card, Text } from "@shopify/polaris";
import type { OrderView } from "./view";

/** The shipping address, from the most authoritative source: as sent, as at HyperSKU, or as in Shopify. */
export function AddressCard({ address }: { address: OrderView["address"] }) {
  const heading = !address
    ? "Shipping address"
    : address.source === "sent"
      ? "Address as sent to HyperSKU"
      : address.source === "hypersku"
        ? "Address at HyperSKU"
        : "Shipping address in Shopify";
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        {!address ? (
          <Text as="p" tone="subdued">
            This order has no shipping address.
          </Text>
        ) : (
          <address style={{ fontStyle: "normal" }}>
            <BlockStack gap="050">
              {address.lines.map((line) => (
                <Text as="p" key={line}>
                  {line}
                </Text>
              ))}
              {address.phone && <Text as="p">{address.phone}</Text>}
              {address.email && <Text as="p">{address.email}</Text>}
            </BlockStack>
          </address>
        )}
        {address && address.source === "shopify" && (
          <Text as="p" tone="subdued" variant="bodySm">
            Not sent to HyperSKU yet.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
