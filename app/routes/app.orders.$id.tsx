import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Card, Divider, InlineStack, Layout, Link, Modal, Page, Text, Thumbnail } from "@shopify/polaris";
import { TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { EmptyPanel } from "~/components/EmptyPanel";
import { NavigationLoading } from "~/components/NavigationLoading";
import { HyperskuStatusBadge, OrderStateBadge } from "~/components/OrderBadges";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { requireOrderDetail } from "~/domain/admin/order-detail.server";
import { isOrderPageIntent, runOrderPageAction, type OrderPageActionResult } from "~/domain/admin/order-page-actions.server";
import { shopOrderExists } from "~/models/admin-orders.server";
import { authenticate } from "~/shopify.server";
import { useValueChanged } from "~/components/use-value-changed";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Order ${data.name}` : "Order" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await requireOrderDetail(session.shop, params.id ?? ""));
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const orderId = params.id ?? "";
  if (!(await shopOrderExists(session.shop, orderId))) throw new Response("Order not found", { status: 404 });
  const intent = String((await request.formData()).get("intent"));
  if (!isOrderPageIntent(intent)) throw new Response(`Unknown action "${intent}"`, { status: 400 });
  return json<OrderPageActionResult>(await runOrderPageAction(session.shop, orderId, intent));
};

const POLL_MS = 2000;
const ACTION_LABELS = { send: "Send now", retry: "Retry", refresh: "Refresh from HyperSKU", cancel: "Cancel at HyperSKU" } as const;

export default function OrderPage() {
  const order = useLoaderData<typeof loader>();
  const fetcher = useFetcher<OrderPageActionResult>();
  const shopify = useAppBridge();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent")) : null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  // A cancel's answer closes the confirmation in the same render that shows it.
  const resultChanged = useValueChanged(result, undefined);
  if (resultChanged && result?.intent === "cancel") setConfirmingCancel(false);

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

  const run = (intent: keyof typeof ACTION_LABELS) => fetcher.submit({ intent }, { method: "post" });
  const action = (intent: keyof typeof ACTION_LABELS) => ({
    content: ACTION_LABELS[intent],
    loading: busyIntent === intent,
    disabled: busyIntent !== null && busyIntent !== intent,
    onAction: intent === "cancel" ? () => setConfirmingCancel(true) : () => run(intent),
  });
  const { actions } = order;
  const primary = actions.retry ? action("retry") : actions.sendNow ? action("send") : actions.refresh ? action("refresh") : undefined;
  const secondary = [
    ...(actions.refresh && primary?.content !== ACTION_LABELS.refresh ? [action("refresh")] : []),
    ...(actions.cancel ? [{ ...action("cancel"), destructive: true }] : []),
    { content: "View in Shopify admin", url: order.shopifyAdminUrl, target: "_top" as const, accessibilityLabel: `View order ${order.name} in the Shopify admin` },
  ];

  return (
    <Page
      title={order.name}
      titleMetadata={<OrderStateBadge state={order.state.code} />}
      subtitle={`Placed ${order.createdAt}`}
      backAction={{ content: "Orders", url: "/app/orders" }}
      primaryAction={primary}
      secondaryActions={secondary}
    >
      <TitleBar title={`Order ${order.name}`} />
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
            <HyperskuCard order={order} />
            <ItemsCard items={order.items} />
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
      <Modal
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title={`Cancel ${order.name} at HyperSKU?`}
        primaryAction={{ content: "Cancel the order at HyperSKU", destructive: true, loading: busyIntent === "cancel", onAction: () => run("cancel") }}
        secondaryActions={[{ content: "Keep the order", onAction: () => setConfirmingCancel(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">
              HyperSKU stops buying and shipping this order. This cannot be undone from the app. The order stays as it is in Shopify; refund
              the customer there if needed.
            </Text>
            <Text as="p" tone="subdued">
              Cancellation only works before HyperSKU ships the order.
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

type View = SerializeFrom<typeof loader>;

function StateBanners({ order }: { order: View }) {
  const problem = order.state.code === "failed" || order.state.code === "needs_attention";
  return (
    <>
      {problem && (
        <Layout.Section>
          <Banner tone={order.state.code === "failed" ? "critical" : "warning"} title={order.state.code === "failed" ? "This order could not be sent" : "This order needs your attention"}>
            <BlockStack gap="100">
              {order.state.reason && <Text as="p">{order.state.reason}</Text>}
              {order.state.fix && <Text as="p">{order.state.fix}</Text>}
            </BlockStack>
          </Banner>
        </Layout.Section>
      )}
      {(order.state.code === "checking" || order.state.code === "held") && order.state.reason && (
        <Layout.Section>
          <Banner tone={order.state.code === "held" ? "warning" : "info"} title={order.state.code === "held" ? "This order is held" : "Checking with HyperSKU"}>
            <BlockStack gap="100">
              <Text as="p">{order.state.reason}</Text>
              {order.attempts.next && (
                <Text as="p">
                  {order.attempts.nextLabel}: {order.attempts.next}
                </Text>
              )}
              {order.state.fix && <Text as="p">{order.state.fix}</Text>}
            </BlockStack>
          </Banner>
        </Layout.Section>
      )}
      {order.flag && (
        <Layout.Section>
          <Banner tone="warning" title="Something needs a decision">
            <p>{order.flag.reason}</p>
          </Banner>
        </Layout.Section>
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text as="dt" tone="subdued">
        {label}
      </Text>
      <Text as="dd">{children}</Text>
    </>
  );
}

const fieldsStyle = { display: "grid", gridTemplateColumns: "max-content 1fr", gap: "6px 20px", margin: 0 } as const;

function HyperskuCard({ order }: { order: View }) {
  const hypersku = order.hypersku;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            HyperSKU
          </Text>
          {hypersku?.status && <HyperskuStatusBadge status={hypersku.status} />}
        </InlineStack>
        {!hypersku ? (
          <Text as="p" tone="subdued">
            Not at HyperSKU yet. {order.state.meaning}
          </Text>
        ) : (
          <>
            {hypersku.status && <Text as="p">{hypersku.status.meaning}</Text>}
            <dl style={fieldsStyle}>
              <Field label="HyperSKU order">{hypersku.orderId ?? "Unknown"}</Field>
              <Field label="Status">{hypersku.status ? `${hypersku.status.name} (${hypersku.status.code})` : "Unknown"}</Field>
              {hypersku.statusDesc && <Field label="HyperSKU says">{hypersku.statusDesc}</Field>}
              <Field label="Payment to HyperSKU">
                {hypersku.isPaid === null ? "Unknown" : hypersku.isPaid ? `Paid${hypersku.paidAt ? ` on ${hypersku.paidAt}` : ""}` : "Not paid yet"}
              </Field>
              {hypersku.shippingMethod && <Field label="Shipping method">{hypersku.shippingMethod}</Field>}
              {hypersku.amounts.map((amount) => (
                <Field key={amount.label} label={amount.label}>
                  {amount.value}
                </Field>
              ))}
              {hypersku.sentAt && <Field label="Sent">{hypersku.sentAt}</Field>}
              <Field label="Last checked">{hypersku.lastSyncedAt || "Not yet"}</Field>
            </dl>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function ItemRow({ item }: { item: { title: string; details: string | null; quantity: number | null; imageUrl: string | null; status: string | null; price?: string | null } }) {
  return (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      {item.imageUrl ? (
        <Thumbnail source={item.imageUrl} alt={item.title} size="small" />
      ) : (
        <Box background="bg-surface-secondary" borderRadius="200" minWidth="40px" minHeight="40px" />
      )}
      <BlockStack gap="050">
        <Text as="p" fontWeight="semibold">
          {item.title}
        </Text>
        {item.details && (
          <Text as="p" tone="subdued">
            {item.details}
          </Text>
        )}
        <Text as="p" tone="subdued">
          {[item.quantity !== null ? `Quantity ${item.quantity}` : null, item.price, item.status].filter(Boolean).join(" · ")}
        </Text>
      </BlockStack>
    </InlineStack>
  );
}

function ItemsCard({ items }: { items: View["items"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="050">
          <Text as="h2" variant="headingMd">
            Items
          </Text>
          <Text as="p" tone="subdued">
            {items.source === "hypersku" ? "As HyperSKU returned them." : "As in Shopify (HyperSKU has not returned the order yet)."}
          </Text>
        </BlockStack>
        {items.rows.length === 0 ? (
          <Text as="p" tone="subdued">
            No items.
          </Text>
        ) : (
          <BlockStack as="ul" gap="300">
            {items.rows.map((item) => (
              <li key={item.key} style={{ listStyle: "none" }}>
                <ItemRow item={item} />
              </li>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

function ParcelsCard({ parcels }: { parcels: View["parcels"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Parcels and tracking
        </Text>
        {parcels.length === 0 ? (
          <EmptyPanel heading="No parcels yet" headingLevel="h3">
            Tracking appears here once HyperSKU ships the order.
          </EmptyPanel>
        ) : (
          parcels.map((parcel, index) => (
            <BlockStack key={parcel.id} gap="200">
              {index > 0 && <Divider />}
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h3" variant="headingSm">
                  {parcel.label}
                </Text>
                <InlineStack gap="100">
                  {parcel.status && <Badge>{parcel.status}</Badge>}
                  <Badge tone={parcel.fulfillment.tone}>{parcel.fulfillment.label}</Badge>
                </InlineStack>
              </InlineStack>
              <dl style={fieldsStyle}>
                <Field label="Carrier">{parcel.carrier ?? "Not given"}</Field>
                <Field label="Tracking number">
                  {parcel.trackingNumber ? (
                    parcel.trackingUrl ? (
                      <Link url={parcel.trackingUrl} target="_blank" accessibilityLabel={`Track parcel ${parcel.trackingNumber} (opens in a new window)`}>
                        {parcel.trackingNumber}
                      </Link>
                    ) : (
                      parcel.trackingNumber
                    )
                  ) : (
                    "Not given yet"
                  )}
                </Field>
                {parcel.fulfillment.error && <Field label="Shopify said">{parcel.fulfillment.error}</Field>}
              </dl>
              {parcel.items.length > 0 && (
                <BlockStack as="ul" gap="200">
                  {parcel.items.map((item) => (
                    <li key={item.key} style={{ listStyle: "none" }}>
                      <ItemRow item={item} />
                    </li>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}

function TimelineCard({ timeline }: { timeline: View["timeline"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Timeline
        </Text>
        {timeline.length === 0 ? (
          <Text as="p" tone="subdued">
            Nothing recorded yet.
          </Text>
        ) : (
          <BlockStack as="ol" gap="300">
            {timeline.map((event) => (
              <li key={event.id} style={{ listStyle: "none" }}>
                <Box borderInlineStartWidth="050" borderColor={event.tone === "critical" ? "border-critical" : event.tone === "success" ? "border-success" : "border"} paddingInlineStart="300">
                  <BlockStack gap="050">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h3" variant="headingSm">
                        {event.title}
                      </Text>
                      {event.outcome && <Badge tone={event.tone}>{event.outcome}</Badge>}
                    </InlineStack>
                    <Text as="p" tone="subdued" variant="bodySm">
                      <time dateTime={event.at}>{event.atText}</time>
                    </Text>
                    {event.message && <Text as="p">{event.message}</Text>}
                  </BlockStack>
                </Box>
              </li>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

function ShopifyCard({ order }: { order: View }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Shopify order
        </Text>
        <dl style={fieldsStyle}>
          <Field label="Order">{order.name}</Field>
          <Field label="Payment">{order.shopify.financialStatus}</Field>
          <Field label="Fulfillment">{order.shopify.fulfillmentStatus}</Field>
          {order.shopify.total && <Field label="Total">{order.shopify.total}</Field>}
          {order.shopify.test && <Field label="Test order">Yes</Field>}
          {order.shopify.tags.length > 0 && <Field label="Tags">{order.shopify.tags.join(", ")}</Field>}
        </dl>
        <Link url={order.shopifyAdminUrl} target="_top">
          Open {order.name} in Shopify
        </Link>
      </BlockStack>
    </Card>
  );
}

function ForwardingCard({ order }: { order: View }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Forwarding
          </Text>
          <OrderStateBadge state={order.state.code} />
        </InlineStack>
        <Text as="p">{order.state.meaning}</Text>
        <dl style={fieldsStyle}>
          <Field label="Attempts">{order.attempts.count}</Field>
          {order.attempts.last && <Field label="Last attempt">{order.attempts.last}</Field>}
          {order.attempts.lastError && <Field label="Last error">{order.attempts.lastError}</Field>}
          {order.attempts.next && <Field label={order.attempts.nextLabel}>{order.attempts.next}</Field>}
        </dl>
      </BlockStack>
    </Card>
  );
}

function AddressCard({ address }: { address: View["address"] }) {
  const heading = !address ? "Shipping address" : address.source === "sent" ? "Address as sent to HyperSKU" : address.source === "hypersku" ? "Address at HyperSKU" : "Shipping address in Shopify";
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        {!address ? (
          <Text as="p" tone="subdued">
            This order has no shipping address.
          </Text>
        ) : (
          <address style={{ fontStyle: "normal" }}>
            <BlockStack gap="050">
              {address.lines.map((line) => (
                <Text as="p" key={line}>
                  {line}
                </Text>
              ))}
              {address.phone && <Text as="p">{address.phone}</Text>}
              {address.email && <Text as="p">{address.email}</Text>}
            </BlockStack>
          </address>
        )}
        {address && address.source === "shopify" && (
          <Text as="p" tone="subdued" variant="bodySm">
            Not sent to HyperSKU yet.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Order" backUrl="/app/orders" backLabel="Orders" />;
}
