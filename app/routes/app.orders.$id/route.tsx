import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Layout, Page } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { NavigationLoading } from "~/components/NavigationLoading";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { requireOrderDetail } from "~/domain/admin/order-detail.server";
import { getOpenOrderProblems, settleOrderProblem } from "~/domain/admin/order-problems.server";
import {
  ORDER_PAGE_INTENTS,
  runOrderPageAction,
  type OrderPageActionResult,
  type OrderPageIntent,
} from "~/domain/admin/order-page-actions.server";
import { shopOrderExists } from "~/models/admin-orders.server";
import { authenticate } from "~/shopify.server";
import { useValueChanged } from "~/components/use-value-changed";
import { INTENT_FIELD, parseIntent, requireIntent } from "~/lib/form-intent";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import { AddressCard } from "./address-card";
import { CancelModal } from "./cancel-modal";
import { ForwardingCard } from "./forwarding-card";
import { HyperskuCard } from "./hypersku-card";
import { ItemsCard } from "./items-card";
import { ParcelsCard } from "./parcels-card";
import { PROBLEM_INTENTS, ProblemsCard } from "./problems-card";
import { ShopifyCard } from "./shopify-card";
import { SendAnywayModal } from "./send-anyway-modal";
import { ShippingAndCostCard } from "./shipping-and-cost-card";
import { getOrderCostsView } from "~/domain/costs/order-cost-view.server";
import { StateBanners } from "./state-banners";
import { TimelineCard } from "./timeline-card";

export const meta: MetaFunction<typeof loader> = ({ data }) => documentTitle(data ? `Order ${data.name}` : "Order");

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const order = await requireOrderDetail(session.shop, params.id ?? "");
  const [problems, shippingAndCost] = await Promise.all([
    getOpenOrderProblems(session.shop, order.id),
    getOrderCostsView(session.shop, params.id ?? ""),
  ]);
  return json({ ...order, problems, shippingAndCost });
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const orderId = params.id ?? "";
  if (!(await shopOrderExists(session.shop, orderId))) throw new Response("Order not found", { status: 404 });
  const form = await request.formData();
  // Marking a problem resolved or ignored, with the merchant's note (problems-card.tsx).
  const settle = parseIntent(form.get(INTENT_FIELD), PROBLEM_INTENTS);
  if (settle) {
    const resolution = settle === "resolve_problem" ? "resolved" : "ignored";
    const input = { problemKey: String(form.get("problemKey") ?? ""), note: String(form.get("note") ?? ""), resolution } as const;
    return json(await settleOrderProblem(session.shop, orderId, input));
  }
  const intent = requireIntent(form, ORDER_PAGE_INTENTS);
  return json<OrderPageActionResult>(await runOrderPageAction(session.shop, orderId, intent));
};

const POLL_MS = 2000;
const ACTION_LABELS: Record<OrderPageIntent, string> = {
  send: "Send now",
  retry: "Retry",
  refresh: "Refresh from HyperSKU",
  cancel: "Cancel at HyperSKU",
  send_anyway: "Send anyway",
};

export default function OrderPage() {
  const order = useLoaderData<typeof loader>();
  const { submit, busyIntent, result } = useIntentFetcher<OrderPageActionResult, OrderPageIntent>();
  const shopify = useAppBridge();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [confirmingSendAnyway, setConfirmingSendAnyway] = useState(false);

  // A cancel's answer closes the confirmation in the same render that shows it.
  const resultChanged = useValueChanged(result, undefined);
  if (resultChanged && result?.intent === "cancel") setConfirmingCancel(false);
  if (resultChanged && result?.intent === "send_anyway") setConfirmingSendAnyway(false);

  useEffect(() => {
    if (result) shopify.toast.show(result.message, { isError: !result.ok, duration: 6000 });
  }, [result, shopify]);

  // While the order is on its way to HyperSKU, the page follows it (the worker sends it in seconds).
  const revalidator = useRevalidator();
  const inFlight = order.state.code === "scheduled" || order.state.code === "sending" || order.state.code === "checking";
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [inFlight, revalidator]);

  const action = (intent: OrderPageIntent) => ({
    content: ACTION_LABELS[intent],
    loading: busyIntent === intent,
    disabled: busyIntent !== null && busyIntent !== intent,
    onAction:
      intent === "cancel"
        ? () => setConfirmingCancel(true)
        : intent === "send_anyway"
          ? () => setConfirmingSendAnyway(true)
          : () => submit(intent),
  });
  const { actions } = order;
  const primary = actions.retry ? action("retry") : actions.sendNow ? action("send") : actions.refresh ? action("refresh") : undefined;
  const secondary = [
    ...(actions.refresh && primary?.content !== ACTION_LABELS.refresh ? [action("refresh")] : []),
    ...(actions.cancel ? [{ ...action("cancel"), destructive: true }] : []),
    ...(order.shippingAndCost?.waitsForSourcing ? [action("send_anyway")] : []),
    {
      content: "View in Shopify admin",
      url: order.shopifyAdminUrl,
      target: "_top" as const,
      accessibilityLabel: `View order ${order.name} in the Shopify admin`,
    },
  ];

  return (
    <Page
      titleMetadata={
        // The order's one stage, as the orders list shows it (pipeline.ts), with its meaning on hover.
        <span title={order.pipeline.meaning}>
          <Badge tone={order.pipeline.tone ?? undefined}>{order.pipeline.label}</Badge>
        </span>
      }
      subtitle={`Placed ${order.createdAt}`}
      backAction={{ content: "Orders", url: "/app/orders" }}
      primaryAction={primary}
      secondaryActions={secondary}
    >
      <PageTitle title={`Order ${order.name}`} />
      <NavigationLoading />
      <Layout>
        {result && (
          <Layout.Section>
            <div role="status">
              <Banner tone={result.ok ? "success" : "warning"} title={result.ok ? "Done" : "Not done"}>
                <p>{result.message}</p>
              </Banner>
            </div>
          </Layout.Section>
        )}
        <StateBanners order={order} />
        <Layout.Section>
          <BlockStack gap="400">
            <ProblemsCard problems={order.problems} />
            <HyperskuCard hypersku={order.hypersku} stateMeaning={order.state.meaning} />
            <ItemsCard items={order.items} />
            <ShippingAndCostCard orderId={order.id} view={order.shippingAndCost} />
            <ParcelsCard parcels={order.parcels} />
            <TimelineCard timeline={order.timeline} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <ShopifyCard order={order} />
            <ForwardingCard order={order} />
            <AddressCard address={order.address} />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <CancelModal
        open={confirmingCancel}
        orderName={order.name}
        cancelling={busyIntent === "cancel"}
        onCancel={() => submit("cancel")}
        onClose={() => setConfirmingCancel(false)}
      />
      <SendAnywayModal
        open={confirmingSendAnyway}
        sending={busyIntent === "send_anyway"}
        onSend={() => submit("send_anyway")}
        onClose={() => setConfirmingSendAnyway(false)}
      />
      <PageHelp topic="what each order state means" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Order" backUrl="/app/orders" backLabel="Orders" />;
}
