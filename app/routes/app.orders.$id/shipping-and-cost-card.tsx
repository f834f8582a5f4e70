import { useEffect } from "react";
import { useFetcher } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Spinner, Text } from "@shopify/polaris";
import type { OrderCostsView } from "~/domain/costs/order-cost-view.server";
import type { ShippingOptionsView } from "~/domain/shipping/shipping-options.server";
import { Field, fieldsStyle } from "./fields";

type Props = { orderId: string; view: OrderCostsView | null };

/**
 * Shipping and cost of the order's HyperSKU items: the methods HyperSKU offers to the destination
 * (loaded after the page from /app/order-shipping/:id, so the page never waits on HyperSKU), the one
 * HyperSKU chose, and what HyperSKU charges beside what the customer paid.
 */
export function ShippingAndCostCard({ orderId, view }: Props) {
  const shipping = useFetcher<ShippingOptionsView>();
  const { load } = shipping;
  useEffect(() => {
    load(`/app/order-shipping/${encodeURIComponent(orderId)}`);
  }, [load, orderId]);
  const costs = view?.costs ?? null;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Shipping and cost
        </Text>
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Shipping methods
          </Text>
          {view?.shippingMethod && <Text as="p">HyperSKU ships it by {view.shippingMethod}.</Text>}
          <ShippingMethods data={shipping.data} loading={shipping.state !== "idle" || !shipping.data} />
        </BlockStack>
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Cost and margin
          </Text>
          {costs ? (
            <dl style={fieldsStyle} aria-label="Cost and margin">
              <Field label="Goods (HyperSKU)">{costs.goods}</Field>
              <Field label="Freight (HyperSKU)">{costs.freight}</Field>
              <Field label="HyperSKU charges">{costs.charge}</Field>
              <Field label="Customer paid">{costs.paid ?? "Not known"}</Field>
              <Field label="Margin">
                {costs.margin ? `${costs.margin}${costs.marginPercent ? ` (${costs.marginPercent}%)` : ""}` : "Not worked out"}
              </Field>
            </dl>
          ) : (
            <Text as="p" tone="subdued">
              {view?.sent ? "HyperSKU has not said what it charges for this order yet." : "Known once HyperSKU has the order."}
            </Text>
          )}
          {costs?.changesNote && <Text as="p">{costs.changesNote}</Text>}
          {costs?.marginNote && (
            <Text as="p" tone="subdued">
              {costs.marginNote}
            </Text>
          )}
          {costs && (
            <Text as="p" tone="subdued">
              Customer paid: the items HyperSKU ships, after discounts and refunds, and their share of the shipping.
            </Text>
          )}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

function ShippingMethods({ data, loading }: { data: ShippingOptionsView | undefined; loading: boolean }) {
  if (!data)
    return loading ? (
      <InlineStack gap="200" blockAlign="center">
        <Spinner size="small" accessibilityLabel="Reading shipping from HyperSKU" />
        <Text as="span" tone="subdued">
          Reading shipping from HyperSKU…
        </Text>
      </InlineStack>
    ) : null;
  if (data.kind === "error")
    return (
      <Text as="p" tone="caution">
        {data.message}
      </Text>
    );
  if (data.kind === "none")
    return (
      <Text as="p" tone="subdued">
        {data.message}
      </Text>
    );
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        To {data.countryCode}, for the HyperSKU items as one parcel:
      </Text>
      <dl style={fieldsStyle} aria-label="Shipping methods">
        {data.methods.map((method) => (
          <Field key={method.name} label={method.name}>
            {method.cost}
            {method.deliveryDays ? ` · ${method.deliveryDays}` : ""}
          </Field>
        ))}
      </dl>
      {data.itemsWithoutSku.length > 0 && (
        <Text as="p" tone="subdued">
          Not included (no HyperSKU SKU yet): {data.itemsWithoutSku.join(", ")}.
        </Text>
      )}
    </BlockStack>
  );
}
