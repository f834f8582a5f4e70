import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { HyperskuStatusBadge } from "~/components/OrderBadges";
import { Field, fieldsStyle } from "./fields";
import type { OrderView } from "./view";

/** The order as HyperSKU has it: status, payment, amounts, when it was sent and last checked. */
export function HyperskuCard({ hypersku, stateMeaning }: { hypersku: OrderView["hypersku"]; stateMeaning: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            HyperSKU
          </Text>
          {hypersku?.status && <HyperskuStatusBadge status={hypersku.status} />}
        </InlineStack>
        {!hypersku ? (
          <Text as="p" tone="subdued">
            Not at HyperSKU yet. {stateMeaning}
          </Text>
        ) : (
          <>
            {hypersku.status && <Text as="p">{hypersku.status.meaning}</Text>}
            <dl style={fieldsStyle}>
              <Field label="HyperSKU order">{hypersku.orderId ?? "Unknown"}</Field>
              <Field label="Status">{hypersku.status ? `${hypersku.status.name} (${hypersku.status.code})` : "Unknown"}</Field>
              {hypersku.statusDesc && <Field label="HyperSKU says">{hypersku.statusDesc}</Field>}
              <Field label="Payment to HyperSKU">{hypersku.payment}</Field>
              {hypersku.shippingMethod && <Field label="Shipping method">{hypersku.shippingMethod}</Field>}
              {hypersku.amounts.map((amount) => (
                <Field key={amount.label} label={amount.label}>
                  {amount.value}
                </Field>
              ))}
              {hypersku.sentAt && <Field label="Sent">{hypersku.sentAt}</Field>}
              <Field label="Last checked">{hypersku.lastSyncedAt || "Not yet"}</Field>
            </dl>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
