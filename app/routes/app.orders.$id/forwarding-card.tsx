import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { OrderStateBadge } from "~/components/OrderBadges";
import { Field, fieldsStyle } from "./fields";
import type { OrderView } from "./view";

/** The app's side: the order's state and its sending attempts (last error, next try). */
export function ForwardingCard({ order }: { order: Pick<OrderView, "state" | "attempts"> }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Forwarding
          </Text>
          <OrderStateBadge state={order.state.code} />
        </InlineStack>
        <Text as="p">{order.state.meaning}</Text>
        <dl style={fieldsStyle}>
          <Field label="Attempts">{order.attempts.count}</Field>
          {order.attempts.last && <Field label="Last attempt">{order.attempts.last}</Field>}
          {order.attempts.lastError && <Field label="Last error">{order.attempts.lastError}</Field>}
          {order.attempts.next && <Field label={order.attempts.nextLabel}>{order.attempts.next}</Field>}
        </dl>
      </BlockStack>
    </Card>
  );
}
