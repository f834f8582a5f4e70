import { useEffect } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Card, InlineGrid, InlineStack, Layout, Link, List, Page, Text } from "@shopify/polaris";
import { TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { EmptyPanel } from "~/components/EmptyPanel";
import { NavigationLoading } from "~/components/NavigationLoading";
import { HyperskuStatusBadge } from "~/components/OrderBadges";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { retryFailedOrders } from "~/domain/admin/bulk-order-actions.server";
import { getDashboard, type CountTile, type DashboardView } from "~/domain/admin/dashboard.server";
import type { DashboardProblem } from "~/domain/admin/dashboard-problems";
import { formatCount, formatDateTime } from "~/domain/admin/format";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const view = await getDashboard(session.shop);
  return json({
    ...view,
    lastSuccessfulCallText: formatDateTime(view.connection.lastSuccessfulCallAt) || "Never",
    lastReconciledText: formatDateTime(view.connection.lastReconciledAt) || "Not yet",
  });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const intent = String((await request.formData()).get("intent"));
  if (intent === "retry_failed") return json(await retryFailedOrders(session.shop));
  throw new Response(`Unknown action "${intent}"`, { status: 400 });
};

const CONNECTION_BADGES = {
  connected: <Badge tone="success">Connected</Badge>,
  reconnect_needed: <Badge tone="critical">Reconnect needed</Badge>,
  not_connected: <Badge>Not connected</Badge>,
};

export default function Dashboard() {
  const view = useLoaderData<typeof loader>();
  return (
    <Page title="Dashboard">
      <TitleBar title="Dashboard" />
      <NavigationLoading />
      <Layout>
        {view.problems.length > 0 && (
          <Layout.Section>
            <Problems problems={view.problems} />
          </Layout.Section>
        )}
        <Layout.Section>
          <ConnectionSummary view={view} />
        </Layout.Section>
        {view.totalOrders === 0 ? (
          <Layout.Section>
            <Card>
              <EmptyPanel
                heading="No orders yet"
                action={{ content: "Send past orders", url: "/app/past-orders" }}
                secondaryAction={{ content: "Review settings", url: "/app/settings" }}
              >
                New orders appear here as soon as Shopify sends them. To send orders placed before you installed the app, use Send
                past orders.
              </EmptyPanel>
            </Card>
          </Layout.Section>
        ) : (
          <>
            <Layout.Section>
              <CountCard heading="Orders by state" tiles={view.stateTiles} />
            </Layout.Section>
            <Layout.Section>
              <CountCard heading="Shipping" tiles={view.shippingTiles} />
            </Layout.Section>
            <Layout.Section>
              <HyperskuStatuses tiles={view.hyperskuTiles} />
            </Layout.Section>
          </>
        )}
      </Layout>
    </Page>
  );
}

function Problems({ problems }: { problems: DashboardProblem[] }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const shopify = useAppBridge();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) shopify.toast.show(result.message, { isError: !result.ok });
  }, [result, shopify]);

  return (
    <section aria-labelledby="problems-heading">
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="problems-heading">
          Needs your attention
        </Text>
        {problems.map((problem) => {
          const action =
            problem.action.kind === "link"
              ? { content: problem.action.label, url: problem.action.url }
              : {
                  content: problem.action.label,
                  loading: fetcher.state !== "idle",
                  onAction: () => fetcher.submit({ intent: (problem.action as { intent: string }).intent }, { method: "post" }),
                };
          return (
            <Banner key={problem.id} tone={problem.tone} title={problem.title} action={action}>
              <BlockStack gap="200">
                <Text as="p">{problem.description}</Text>
                {problem.details.length > 0 && (
                  <List type="bullet">
                    {problem.details.map((detail) => (
                      <List.Item key={detail.text}>{detail.url ? <Link url={detail.url}>{detail.text}</Link> : detail.text}</List.Item>
                    ))}
                  </List>
                )}
              </BlockStack>
            </Banner>
          );
        })}
      </BlockStack>
    </section>
  );
}

function ConnectionSummary({ view }: { view: DashboardView & { lastSuccessfulCallText: string; lastReconciledText: string } }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            HyperSKU connection
          </Text>
          {CONNECTION_BADGES[view.connection.status]}
        </InlineStack>
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

const TEXT_TONES = { critical: "critical", warning: "caution", success: "success", none: undefined } as const;

function CountCard({ heading, tiles }: { heading: string; tiles: CountTile[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        <InlineGrid columns={{ xs: 2, sm: 3, md: 4 }} gap="300">
          {tiles.map((tile) => (
            <Box key={tile.id} padding="300" borderWidth="025" borderColor="border" borderRadius="200" minHeight="100%">
              <BlockStack gap="100">
                <Link url={tile.url} removeUnderline accessibilityLabel={`${tile.label}: ${formatCount(tile.count)} ${tile.count === 1 ? "order" : "orders"}`}>
                  {tile.label}
                </Link>
                <Text as="p" variant="headingLg" tone={tile.count > 0 ? TEXT_TONES[tile.tone ?? "none"] : undefined}>
                  {formatCount(tile.count)}
                </Text>
                <Text as="p" variant="bodySm" tone="subdued">
                  {tile.meaning}
                </Text>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

const cell = { padding: "8px 12px", borderBlockEnd: "1px solid var(--p-color-border-secondary)", textAlign: "start" } as const;

/** A plain table (Polaris' DataTable measures itself on the client; this needs none of that). */
function HyperskuStatuses({ tiles }: { tiles: DashboardView["hyperskuTiles"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="hypersku-statuses-heading">
          At HyperSKU
        </Text>
        <table aria-labelledby="hypersku-statuses-heading" style={{ width: "100%", borderCollapse: "collapse" }}>
          <thead>
            <tr>
              {["HyperSKU status", "What it means", "Orders"].map((heading) => (
                <th key={heading} scope="col" style={{ ...cell, textAlign: heading === "Orders" ? "end" : "start" }}>
                  <Text as="span" variant="bodySm" fontWeight="medium" tone="subdued">
                    {heading}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tiles.map((tile) => (
              <tr key={tile.code}>
                <th scope="row" style={cell}>
                  <HyperskuStatusBadge status={tile} />
                </th>
                <td style={cell}>
                  <Text as="span">{tile.meaning}</Text>
                </td>
                <td style={{ ...cell, textAlign: "end" }}>
                  {tile.count > 0 ? (
                    <Link url={tile.url} accessibilityLabel={`${formatCount(tile.count)} orders ${tile.name}`}>
                      {formatCount(tile.count)}
                    </Link>
                  ) : (
                    <Text as="span" tone="subdued">
                      0
                    </Text>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </BlockStack>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Dashboard" />;
}
