import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, Layout, Page } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { EmptyPanel } from "~/components/EmptyPanel";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { getDashboard } from "~/domain/admin/dashboard.server";
import { retryFailedOrdersFromDashboard } from "~/domain/admin/dashboard-outage.server";
import { formatDateTime } from "~/domain/admin/format";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { ConnectionSummary } from "./connection-summary";
import { CountCard } from "./count-card";
import { HyperskuStatuses } from "./hypersku-statuses";
import { Problems } from "./problems";

export const meta: MetaFunction = () => documentTitle("Dashboard");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const view = await getDashboard(session.shop);
  return json({
    ...view,
    lastSuccessfulCallText: formatDateTime(view.connection.lastSuccessfulCallAt, view.timeZone) || "Never",
    lastReconciledText: formatDateTime(view.connection.lastReconciledAt, view.timeZone) || "Not yet",
  });
};

const DASHBOARD_INTENTS = ["retry_failed"] as const;

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  requireIntent(await request.formData(), DASHBOARD_INTENTS);
  return json(await retryFailedOrdersFromDashboard(session.shop));
};

export default function Dashboard() {
  const view = useLoaderData<typeof loader>();
  return (
    <Page>
      <PageTitle title="Dashboard" />
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
                New orders appear here as soon as Shopify sends them. To send orders placed before you installed the app, use Send past
                orders.
              </EmptyPanel>
            </Card>
          </Layout.Section>
        ) : (
          <>
            <Layout.Section>
              <CountCard heading="Orders by stage" tiles={view.stageTiles} />
            </Layout.Section>
            <Layout.Section>
              <HyperskuStatuses tiles={view.hyperskuTiles} />
            </Layout.Section>
          </>
        )}
      </Layout>
      <PageHelp topic="what the dashboard counts" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Dashboard" />;
}
