import { useCallback } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { BULK_LIMIT, runBulkOrderAction, type BulkResult } from "~/domain/admin/bulk-order-actions.server";
import { formatDateTime } from "~/domain/admin/format";
import { getOrdersList } from "~/domain/admin/orders-list.server";
import { ORDER_TABS, ordersListHref } from "~/domain/admin/orders-list-query";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { OrdersEmptyState } from "./empty-state";
import { OrdersFilters } from "./orders-filters";
import { ExportButton } from "./export-button";
import { OrdersTable } from "./orders-table";
import { BULK_INTENTS, type GoToList } from "./view";

export const meta: MetaFunction = () => documentTitle("Orders");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const list = await getOrdersList(session.shop, new URL(request.url));
  return json({ ...list, rows: list.rows.map((row) => ({ ...row, createdText: formatDateTime(row.createdAt, list.timeZone) })) });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = requireIntent(form, BULK_INTENTS);
  const ids = form.getAll("id").map(String).filter(Boolean);
  if (ids.length === 0 || ids.length > BULK_LIMIT) throw new Response(`Select between 1 and ${BULK_LIMIT} orders.`, { status: 400 });
  return json<BulkResult>(await runBulkOrderAction(session.shop, intent, ids));
};

export default function OrdersPage() {
  const { rows, view, counts, nextHref, previousHref, exportHref, outage } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();

  const go = useCallback<GoToList>(
    (changes, replace = false) => navigate(ordersListHref(params, changes), { replace }),
    [navigate, params],
  );

  const selectedTab = Math.max(
    0,
    ORDER_TABS.findIndex((tab) => tab.id === view.tab),
  );
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/app/orders";

  return (
    <Page fullWidth>
      <PageTitle title="Orders" />
      <NavigationLoading />
      <BlockStack gap="300">
        {outage && (
          <Banner tone="warning" title="HyperSKU is not answering">
            <Text as="p">{outage}</Text>
          </Banner>
        )}
        <InlineStack align="end">
          <ExportButton href={exportHref} />
        </InlineStack>
        <Card padding="0">
          <OrdersFilters view={view} counts={counts} selectedTab={selectedTab} go={go} loading={loadingList} />
          <div id="orders-table">
            <OrdersTable
              rows={rows}
              loading={loadingList}
              nextHref={nextHref}
              previousHref={previousHref}
              emptyState={<OrdersEmptyState view={view} tabLabel={ORDER_TABS[selectedTab].label} go={go} />}
            />
          </div>
        </Card>
      </BlockStack>
      <PageHelp topic="how orders reach HyperSKU" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Orders" />;
}
