import { useEffect, useState } from "react";
import { Banner, BlockStack, Box, List, Text } from "@shopify/polaris";
import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import type { BulkResult } from "~/domain/admin/bulk-order-actions.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import { useValueChanged } from "~/components/use-value-changed";
import type { BulkIntent, OrderRowView } from "./view";

const WORDING: Record<BulkIntent, { verb: string; button: string; skipped: string }> = {
  send: { verb: "Send", button: "Send now", skipped: "already at HyperSKU, on their way, cancelled or needing you first" },
  retry: { verb: "Retry", button: "Retry", skipped: "not failed and not waiting for you" },
};

const plural = (count: number) => `${count} ${count === 1 ? "order" : "orders"}`;

/**
 * The list's bulk actions, each offered only when a selected order can take it and asked for
 * once more, naming how many go and how many of the selection it leaves alone. Its outcome is one
 * message: a toast when every order went, else a banner that lists each refused order and why.
 */
export function useBulkActions(selected: OrderRowView[], onDone: () => void) {
  const shopify = useAppBridge();
  const { submit, busy, result } = useIntentFetcher<BulkResult, BulkIntent>();
  const [asking, setAsking] = useState<BulkIntent | null>(null);
  const [dismissed, setDismissed] = useState<BulkResult | null>(null);

  // An answer closes the question (adjusted while rendering, not in an effect).
  if (useValueChanged(result, undefined) && result) setAsking(null);
  const shown = result && result.refused.length > 0 && result !== dismissed ? result : null;

  useEffect(() => {
    if (!result) return;
    if (result.refused.length === 0) shopify.toast.show(result.message, { duration: 6000 });
    onDone();
    // onDone is a new function on every render; the outcome must be shown once per result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const able = (intent: BulkIntent) => selected.filter((row) => row.actions.includes(intent));
  const promoted = (["send", "retry"] as const)
    .filter((intent) => able(intent).length > 0)
    .map((intent) => ({ content: WORDING[intent].button, onAction: () => setAsking(intent), disabled: busy }));

  const going = asking ? able(asking) : [];
  const left = selected.length - going.length;
  // An App Bridge modal, drawn by the admin over the whole page (decision 0029).
  const modal = (
    <Modal id="orders-bulk-confirm" open={asking !== null} onHide={() => setAsking(null)}>
      {asking && (
        <Box padding="400">
          <BlockStack gap="200">
            <Text as="p">{going.map((row) => row.name).join(", ")}</Text>
            {left > 0 && (
              <Text as="p" tone="subdued">
                {`${plural(left)} of your selection ${left === 1 ? "is" : "are"} left as ${left === 1 ? "it is" : "they are"}: ${WORDING[asking].skipped}.`}
              </Text>
            )}
          </BlockStack>
        </Box>
      )}
      <TitleBar title={asking ? `${WORDING[asking].verb} ${plural(going.length)}?` : ""}>
        <button
          variant="primary"
          loading={busy ? "" : undefined}
          onClick={() => asking && submit(asking, { id: going.map((row) => row.id) })}
        >
          {asking ? `${WORDING[asking].verb} ${plural(going.length)}` : ""}
        </button>
        <button onClick={() => setAsking(null)}>Cancel</button>
      </TitleBar>
    </Modal>
  );

  const outcome = shown && (
    <Banner tone={shown.done > 0 ? "warning" : "critical"} title={shown.headline} onDismiss={() => setDismissed(shown)}>
      <BlockStack gap="100">
        <Text as="p">{`${plural(shown.refused.length)} could not be:`}</Text>
        <List>
          {shown.refused.map((order) => (
            <List.Item key={order.name}>{`${order.name}: ${order.message}`}</List.Item>
          ))}
        </List>
      </BlockStack>
    </Banner>
  );

  return { promoted, modal, outcome };
}
