import { useEffect } from "react";
import { useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import type { ConnectionView, PendingConnectionView } from "~/domain/connection/connection-view.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";

type PendingIntent = "confirm" | "cancel";
type PendingActionData = { intent: PendingIntent; ok: boolean; message?: string };

/**
 * After HyperSKU's approval: which HyperSKU user is about to be connected to which store, and the
 * merchant's Confirm or Cancel. Nothing is connected before Confirm (issue 14.13).
 */
export function PendingConnectionCard({
  pending,
  store,
  confirmToken,
}: {
  pending: PendingConnectionView;
  store: ConnectionView["store"];
  confirmToken: string;
}) {
  const { submit, busyIntent, result: data } = useIntentFetcher<PendingActionData, PendingIntent>("/app/connection");
  const navigate = useNavigate();
  const shopify = useAppBridge();

  useEffect(() => {
    if (!data?.ok) return;
    // Drop the one-time token from the address; the card below then shows the result.
    if (data.intent === "confirm") navigate("/app/connection?hypersku=connected", { replace: true });
    else {
      shopify.toast.show("Nothing was connected");
      navigate("/app/connection", { replace: true });
    }
  }, [data, navigate, shopify]);

  if (!pending.ok || (data && !data.ok)) {
    return (
      <Banner tone="critical" title="This HyperSKU connection cannot be confirmed">
        <p>{data?.message ?? (!pending.ok ? pending.message : "")}</p>
      </Banner>
    );
  }
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Confirm the HyperSKU account
        </Text>
        <Text as="p">
          HyperSKU account{" "}
          <Text as="span" fontWeight="semibold">
            {pending.hyperskuUserId ?? "(id not given by HyperSKU)"}
          </Text>{" "}
          is ready to be connected to{" "}
          <Text as="span" fontWeight="semibold">
            {store.name}
          </Text>{" "}
          ({store.domain}).
        </Text>
        <Text as="p" tone="subdued">
          Confirm only if you just approved this account on HyperSKU yourself. Orders of this store will be sent to it.
        </Text>
        <InlineStack gap="200">
          <Button
            variant="primary"
            onClick={() => submit("confirm", { confirm: confirmToken })}
            loading={busyIntent === "confirm"}
            disabled={Boolean(busyIntent)}
          >
            Confirm
          </Button>
          <Button
            onClick={() => submit("cancel", { confirm: confirmToken })}
            loading={busyIntent === "cancel"}
            disabled={Boolean(busyIntent)}
          >
            Cancel
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
