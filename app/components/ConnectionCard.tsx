import { useEffect, useState } from "react";
import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import type { ConnectionView } from "~/domain/connection/connection-view.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import { useValueChanged } from "./use-value-changed";

type ActionData =
  | { intent: "connect"; redirectUrl?: string; missingSettings?: string[] }
  | { intent: "test"; ok: boolean; message?: string; countries?: number }
  | { intent: "disconnect"; ok: true };

/**
 * The HyperSKU connection area: status, account, token expiry, last call, and what to do next.
 * `action`: the route that handles connect/test/disconnect, when the card sits on another page.
 */
export function ConnectionCard({ view, action }: { view: ConnectionView; action?: string }) {
  const { submit, busyIntent, result: data } = useIntentFetcher<ActionData, ActionData["intent"]>(action);
  const shopify = useAppBridge();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);

  // A disconnect's answer closes the confirmation in the same render that shows it (state adjusted
  // during render, not in an effect that would first paint the stale confirmation).
  const dataChanged = useValueChanged(data, undefined);
  if (dataChanged && data?.intent === "disconnect") setConfirmingDisconnect(false);

  useEffect(() => {
    if (!data) return;
    // HyperSKU's authorization page cannot be framed: leave the admin iframe.
    if (data.intent === "connect" && data.redirectUrl) window.open(data.redirectUrl, "_top");
    if (data.intent === "test") {
      shopify.toast.show(data.ok ? "HyperSKU connection works" : "HyperSKU connection test failed", { isError: !data.ok });
    }
    if (data.intent === "disconnect") shopify.toast.show("HyperSKU disconnected");
  }, [data, shopify]);

  const missingSettings = (data?.intent === "connect" && data.missingSettings) || view.missingSettings;
  const connectButton = (label: string) => (
    <Button variant="primary" onClick={() => submit("connect")} loading={busyIntent === "connect"} disabled={missingSettings.length > 0}>
      {label}
    </Button>
  );

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            HyperSKU account
          </Text>
          <StatusBadge status={view.status} />
        </InlineStack>

        {missingSettings.length > 0 && (
          <Banner tone="critical" title="HyperSKU is not configured for this app">
            <p>
              The app's operator must set {missingSettings.join(" and ")} (see .env.example) and restart the app. Until then, no store can
              connect.
            </p>
          </Banner>
        )}

        {view.status === "reconnect_needed" && (
          <Banner tone="critical" title="Reconnect HyperSKU to keep orders flowing">
            <p>{view.reconnectReason} New orders are held safely and will be sent as soon as you reconnect.</p>
          </Banner>
        )}

        {view.status === "connected" && view.health.state !== "ok" && (
          <Banner
            tone={view.health.state === "down" ? "critical" : "warning"}
            title={view.health.state === "down" ? "HyperSKU is not answering" : "HyperSKU did not answer the last calls"}
          >
            <p>
              {view.health.message}
              {view.health.lastFailure ? ` Last failure: ${view.health.lastFailure}.` : ""}
            </p>
          </Banner>
        )}

        {data?.intent === "test" && !data.ok && (
          <Banner tone="warning" title="The connection test failed">
            <p>{data.message}</p>
          </Banner>
        )}

        {view.status === "not_connected" && (
          <BlockStack gap="300">
            <Text as="p">
              Connect your HyperSKU account so new orders are sent to HyperSKU automatically. You will approve access on HyperSKU's site and
              come straight back here.
            </Text>
            <InlineStack>{connectButton("Connect HyperSKU")}</InlineStack>
          </BlockStack>
        )}

        {view.account && view.status !== "not_connected" && (
          <Text as="p">
            {/* A string, not text plus {" "} (Prettier's split), so the server HTML reads "HyperSKU user <name>" with no marker between. */}
            {"HyperSKU user "}
            <Text as="span" fontWeight="semibold">
              {view.account.hyperskuUserId ?? "(id not given by HyperSKU)"}
            </Text>{" "}
            {view.status === "connected" ? "is connected to" : "was connected to"}{" "}
            <Text as="span" fontWeight="semibold">
              {view.store.name}
            </Text>{" "}
            ({view.store.domain}).
          </Text>
        )}

        {view.account && view.status !== "not_connected" && (
          <Box>
            <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "8px 24px", margin: 0 }}>
              <Text as="dt" tone="subdued">
                Access granted
              </Text>
              <Text as="dd">{view.account.scope ?? "oms"}</Text>
              <Text as="dt" tone="subdued">
                Connected
              </Text>
              <Text as="dd">{view.account.connectedText}</Text>
              <Text as="dt" tone="subdued">
                Access renews before
              </Text>
              <Text as="dd">{view.account.accessRenewsBeforeText}</Text>
              <Text as="dt" tone="subdued">
                Last successful call
              </Text>
              <Text as="dd">{view.account.lastSuccessfulCallText}</Text>
            </dl>
          </Box>
        )}

        {view.status === "reconnect_needed" && <InlineStack>{connectButton("Reconnect HyperSKU")}</InlineStack>}

        {view.status === "connected" && !confirmingDisconnect && (
          <InlineStack gap="200">
            <Button onClick={() => submit("test")} loading={busyIntent === "test"}>
              Test connection
            </Button>
            <Button tone="critical" variant="plain" onClick={() => setConfirmingDisconnect(true)}>
              Disconnect
            </Button>
          </InlineStack>
        )}

        {confirmingDisconnect && (
          <Banner tone="warning" title="Disconnect HyperSKU?">
            <BlockStack gap="200">
              <p>The app forgets its access to your HyperSKU account. New orders are kept and wait until you connect again.</p>
              <InlineStack gap="200">
                <Button tone="critical" onClick={() => submit("disconnect")} loading={busyIntent === "disconnect"}>
                  Disconnect
                </Button>
                <Button onClick={() => setConfirmingDisconnect(false)}>Cancel</Button>
              </InlineStack>
            </BlockStack>
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}

function StatusBadge({ status }: { status: ConnectionView["status"] }) {
  if (status === "connected") return <Badge tone="success">Connected</Badge>;
  if (status === "reconnect_needed") return <Badge tone="critical">Reconnect needed</Badge>;
  return <Badge>Not connected</Badge>;
}
