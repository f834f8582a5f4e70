import { Badge, BlockStack, Card, Divider, InlineStack, Link, Text } from "@shopify/polaris";
import { EmptyPanel } from "~/components/EmptyPanel";
import { Field, fieldsStyle } from "./fields";
import { ItemRow } from "./item-row";
import type { OrderView } from "./view";

/** HyperSKU's parcels with their tracking, and whether Shopify took each fulfillment. */
export function ParcelsCard({ parcels }: { parcels: OrderView["parcels"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Parcels and tracking
        </Text>
        {parcels.length === 0 ? (
          <EmptyPanel heading="No parcels yet" headingLevel="h3">
            Tracking appears here once HyperSKU ships the order.
          </EmptyPanel>
        ) : (
          parcels.map((parcel, index) => (
            <BlockStack key={parcel.id} gap="200">
              {index > 0 && <Divider />}
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h3" variant="headingSm">
                  {parcel.label}
                </Text>
                <InlineStack gap="100">
                  {parcel.status && <Badge>{parcel.status}</Badge>}
                  <Badge tone={parcel.fulfillment.tone}>{parcel.fulfillment.label}</Badge>
                </InlineStack>
              </InlineStack>
              <dl style={fieldsStyle}>
                <Field label="Carrier">{parcel.carrier ?? "Not given"}</Field>
                <Field label="Tracking number">
                  {parcel.trackingNumber ? (
                    parcel.trackingUrl ? (
                      <Link
                        url={parcel.trackingUrl}
                        target="_blank"
                        accessibilityLabel={`Track parcel ${parcel.trackingNumber} (opens in a new window)`}
                      >
                        {parcel.trackingNumber}
                      </Link>
                    ) : (
                      parcel.trackingNumber
                    )
                  ) : (
                    "Not given yet"
                  )}
                </Field>
                {parcel.fulfillment.error && <Field label="Shopify said">{parcel.fulfillment.error}</Field>}
              </dl>
              {parcel.items.length > 0 && (
                <BlockStack as="ul" gap="200">
                  {parcel.items.map((item) => (
                    <li key={item.key} style={{ listStyle: "none" }}>
                      <ItemRow item={item} />
                    </li>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
