import { useEffect, useState } from "react";
import { BlockStack, Button, Card, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { DEFAULT_READABLE_DAYS } from "~/domain/backfill/date-range";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import type { PastOrdersActionData, PastOrdersIntent } from "./view";

/** The date range, the count of orders in it, and the button that starts sending them. */
export function ChooseOrdersCard({
  defaults,
  today,
  running,
}: {
  defaults: { from: string; to: string };
  today: string;
  running: boolean;
}) {
  const { submit: submitIntent, busyIntent, data, result } = useIntentFetcher<PastOrdersActionData, PastOrdersIntent>();
  const shopify = useAppBridge();
  const [from, setFrom] = useState(defaults.from);
  const [to, setTo] = useState(defaults.to);
  // A count belongs to the range it was made for; changing a date asks for a new one.
  const counted = data?.intent === "count" && data.ok && data.from === from && data.to === to ? data : null;
  const errors = data && !data.ok ? data.errors : undefined;

  useEffect(() => {
    if (result?.intent === "start")
      shopify.toast.show(result.ok ? result.message : (result.message ?? "Check the dates."), { isError: !result.ok });
  }, [result, shopify]);

  const submit = (intent: PastOrdersIntent) => submitIntent(intent, { from, to });

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Choose the orders
          </Text>
          <Text as="p" tone="subdued">
            Orders created in Shopify between these days (UTC, both included) go through your forwarding rules: an order already at HyperSKU
            is never sent twice, and unpaid, test, excluded or cancelled orders are skipped.
          </Text>
        </BlockStack>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextField
            label="From (UTC)"
            type="date"
            name="from"
            value={from}
            max={today}
            onChange={setFrom}
            error={errors?.from}
            autoComplete="off"
            disabled={running}
          />
          <TextField
            label="To (UTC)"
            type="date"
            name="to"
            value={to}
            max={today}
            onChange={setTo}
            error={errors?.to}
            autoComplete="off"
            disabled={running}
          />
        </InlineGrid>
        <div role="status" aria-live="polite">
          {counted ? (
            <BlockStack gap="200">
              <Text as="p" variant="headingSm">
                {counted.capped
                  ? `More than 10,000 orders were created from ${counted.rangeText}. Choose a shorter range.`
                  : `${counted.count.toLocaleString("en-US")} ${counted.count === 1 ? "order was" : "orders were"} created from ${counted.rangeText}.`}
              </Text>
              {counted.beyondWindow && (
                <Text as="p" tone="subdued">
                  Shopify lets apps read only the last {DEFAULT_READABLE_DAYS} days of orders unless the store granted access to all orders;
                  older orders may be missing from this count.
                </Text>
              )}
            </BlockStack>
          ) : data && !data.ok && data.message && data.intent === "count" ? (
            <Text as="p" tone="critical">
              {data.message}
            </Text>
          ) : null}
        </div>
        <InlineStack gap="200">
          <Button onClick={() => submit("count")} loading={busyIntent === "count"} disabled={running}>
            {counted ? "Count again" : "Count orders"}
          </Button>
          <Button
            variant="primary"
            onClick={() => submit("start")}
            loading={busyIntent === "start"}
            disabled={running || !counted || counted.capped || counted.count === 0}
          >
            {counted && !counted.capped && counted.count > 0
              ? `Send ${counted.count.toLocaleString("en-US")} past orders`
              : "Send past orders"}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
