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
import { isMarkableStep } from "~/domain/admin/setup-guide";
import { hideSetupGuide, markSetupStep } from "~/domain/admin/setup-guide.server";
import { formatDateTime } from "~/domain/admin/format";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { ConnectionSummary } from "./connection-summary";
import { CountCard } from "./count-card";
import { HyperskuStatuses } from "./hypersku-statuses";
import { Problems } from "./problems";
import { SetupGuide } from "./setup-guide";
import { CostsCard } from "./costs-card";
import { getCostsSummary } from "~/domain/costs/costs-summary.server";

export const meta: MetaFunction = () => documentTitle("Dashboard");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const view = await getDashboard(session.shop);
  return json({
    ...view,
    costs: await getCostsSummary(session.shop),
    lastSuccessfulCallText: formatDateTime(view.connection.lastSuccessfulCallAt, view.timeZone) || "Never",
    lastReconciledText: formatDateTime(view.connection.lastReconciledAt, view.timeZone) || "Not yet",
  });
};

const DASHBOARD_INTENTS = ["retry_failed", "mark_setup_step", "dismiss_setup_guide"] as const;

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = requireIntent(form, DASHBOARD_INTENTS);
  if (intent === "dismiss_setup_guide") return json(await hideSetupGuide(session.shop));
  if (intent === "mark_setup_step") {
    const step = form.get("step");
    if (!isMarkableStep(step)) throw new Response(`Unknown setup step "${String(step)}"`, { status: 400 });
    return json(await markSetupStep(session.shop, step, form.get("done") === "true"));
  }
  return json(await retryFailedOrdersFromDashboard(session.shop));
};

export default function Dashboard() {
  const view = useLoaderData<typeof loader>();
  return (
    <Page>
      <PageTitle title="Dashboard" />
      <NavigationLoading />
      <Layout>
        {view.setupGuide && (
          <Layout.Section>
            <SetupGuide guide={view.setupGuide} />
          </Layout.Section>
        )}
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
            <Layout.Section>
              <CostsCard periods={view.costs} />
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
