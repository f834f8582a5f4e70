import { Badge, Banner, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import type { DashboardView } from "~/domain/admin/dashboard.server";
import { formatCount } from "~/domain/admin/format";

const CONNECTION_BADGES = {
  connected: <Badge tone="success">Connected</Badge>,
  reconnect_needed: <Badge tone="critical">Reconnect needed</Badge>,
  not_connected: <Badge>Not connected</Badge>,
};

type SummaryView = Pick<DashboardView, "connection" | "shop" | "totalOrders"> & {
  lastSuccessfulCallText: string;
  lastReconciledText: string;
};

/** The shop, its HyperSKU connection and when it last synced, with links to manage them. */
export function ConnectionSummary({ view }: { view: SummaryView }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            HyperSKU connection
          </Text>
          {CONNECTION_BADGES[view.connection.status]}
        </InlineStack>
        {view.connection.health.state !== "ok" && (
          <Banner tone={view.connection.health.state === "down" ? "critical" : "warning"}>
            <Text as="p">{view.connection.health.message}</Text>
          </Banner>
        )}
        <Text as="p">
          {view.shop} is installed. {formatCount(view.totalOrders)} {view.totalOrders === 1 ? "order" : "orders"} recorded.
        </Text>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 24px", margin: 0 }}>
          <Text as="dt" tone="subdued">
            Last successful sync with HyperSKU
          </Text>
          <Text as="dd">{view.lastSuccessfulCallText}</Text>
          <Text as="dt" tone="subdued">
            Orders last checked with Shopify
          </Text>
          <Text as="dd">{view.lastReconciledText}</Text>
        </dl>
        <InlineStack gap="300">
          <Link url="/app/connection">Manage the connection</Link>
          <Link url="/app/orders">View all orders</Link>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
