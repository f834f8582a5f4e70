import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, DataTable, InlineGrid, InlineStack, Layout, List, Page, ProgressBar, Text, TextField } from "@shopify/polaris";
import { TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { formatDate } from "~/domain/admin/format";
import { parseDateRange, reachesBeyondReadableWindow, DEFAULT_READABLE_DAYS } from "~/domain/backfill/date-range";
import { getPastOrdersView, type RunView } from "~/domain/backfill/past-orders-view.server";
import { startBackfill } from "~/domain/backfill/run-backfill.server";
import { countPastOrders } from "~/domain/backfill/shopify-past-orders.server";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getPastOrdersView(session.shop));
};

type ActionData =
  | { intent: "count" | "start"; ok: false; message?: string; errors?: { from?: string; to?: string } }
  | { intent: "count"; ok: true; count: number; capped: boolean; from: string; to: string; rangeText: string; beyondWindow: boolean }
  | { intent: "start"; ok: true; message: string };

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent !== "count" && intent !== "start") throw new Response(`Unknown action "${intent}"`, { status: 400 });
  const from = String(form.get("from") ?? "");
  const to = String(form.get("to") ?? "");
  const now = new Date();
  const parsed = parseDateRange({ from, to }, now);
  if (!parsed.ok) return json<ActionData>({ intent, ok: false, errors: parsed.errors }, { status: 400 });
  try {
    if (intent === "count") {
      const { count, capped } = await countPastOrders(session.shop, parsed.range);
      const rangeText = `${formatDate(parsed.range.from)} to ${formatDate(parsed.range.to)}`;
      return json<ActionData>({ intent, ok: true, count, capped, from, to, rangeText, beyondWindow: reachesBeyondReadableWindow(parsed.range.from, now) });
    }
    const started = await startBackfill(session.shop, parsed.range);
    return json<ActionData>(
      started.ok
        ? { intent, ok: true, message: `Sending past orders: ${started.total.toLocaleString("en-US")} to go through.` }
        : { intent, ok: false, message: started.message },
    );
  } catch (error) {
    if (!(error instanceof ShopifyGraphqlError)) throw error;
    return json<ActionData>({ intent, ok: false, message: `Shopify did not answer: ${error.message} Try again in a minute.` }, { status: 502 });
  }
};

const POLL_MS = 1500;

export default function PastOrdersPage() {
  const view = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionData>();
  const shopify = useAppBridge();
  const revalidator = useRevalidator();
  const [from, setFrom] = useState(view.defaults.from);
  const [to, setTo] = useState(view.defaults.to);
  const running = view.current?.status === "running";
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent")) : null;
  const data = fetcher.data;
  // A count belongs to the range it was made for; changing a date asks for a new one.
  const counted = data?.intent === "count" && data.ok && data.from === from && data.to === to ? data : null;
  const errors = data && !data.ok ? data.errors : undefined;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const result = fetcher.state === "idle" ? data : undefined;
  useEffect(() => {
    if (result?.intent === "start") shopify.toast.show(result.ok ? result.message : (result.message ?? "Check the dates."), { isError: !result.ok });
  }, [result, shopify]);

  const submit = (intent: "count" | "start") => fetcher.submit({ intent, from, to }, { method: "post" });

  return (
    <Page title="Send past orders" backAction={{ content: "Dashboard", url: "/app" }}>
      <TitleBar title="Send past orders" />
      <NavigationLoading />
      <Layout>
        {!view.connected && (
          <Layout.Section>
            <Banner tone="warning" title="HyperSKU is not connected" action={{ content: "Connect HyperSKU", url: "/app/connection" }}>
              <p>You can import past orders now; they are held and sent as soon as HyperSKU is connected.</p>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">
                  Choose the orders
                </Text>
                <Text as="p" tone="subdued">
                  Orders created in Shopify between these days (UTC, both included) go through your forwarding rules: an order already
                  at HyperSKU is never sent twice, and unpaid, test, excluded or cancelled orders are skipped.
                </Text>
              </BlockStack>
              <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
                <TextField label="From (UTC)" type="date" name="from" value={from} max={view.today} onChange={setFrom} error={errors?.from} autoComplete="off" disabled={running} />
                <TextField label="To (UTC)" type="date" name="to" value={to} max={view.today} onChange={setTo} error={errors?.to} autoComplete="off" disabled={running} />
              </InlineGrid>
              <div role="status" aria-live="polite">
                {counted ? (
                  <BlockStack gap="200">
                    <Text as="p" variant="headingSm">
                      {counted.capped
                        ? `More than 10,000 orders were created from ${counted.rangeText}. Choose a shorter range.`
                        : `${counted.count.toLocaleString("en-US")} ${counted.count === 1 ? "order was" : "orders were"} created from ${counted.rangeText}.`}
                    </Text>
                    {counted.beyondWindow && (
                      <Text as="p" tone="subdued">
                        Shopify lets apps read only the last {DEFAULT_READABLE_DAYS} days of orders unless the store granted access to all
                        orders; older orders may be missing from this count.
                      </Text>
                    )}
                  </BlockStack>
                ) : data && !data.ok && data.message && data.intent === "count" ? (
                  <Text as="p" tone="critical">
                    {data.message}
                  </Text>
                ) : null}
              </div>
              <InlineStack gap="200">
                <Button onClick={() => submit("count")} loading={busyIntent === "count"} disabled={running}>
                  {counted ? "Count again" : "Count orders"}
                </Button>
                <Button
                  variant="primary"
                  onClick={() => submit("start")}
                  loading={busyIntent === "start"}
                  disabled={running || !counted || counted.capped || counted.count === 0}
                >
                  {counted && !counted.capped && counted.count > 0 ? `Send ${counted.count.toLocaleString("en-US")} past orders` : "Send past orders"}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
        {view.current && (
          <Layout.Section>
            <RunCard run={view.current} />
          </Layout.Section>
        )}
        {view.earlier.length > 0 && (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Earlier runs
                </Text>
                <DataTable
                  columnContentTypes={["text", "text", "text", "numeric", "numeric", "numeric"]}
                  headings={["Orders created", "Started", "Result", "Queued for HyperSKU", "Skipped", "Failed"]}
                  rows={view.earlier.map((run) => [`${run.from} to ${run.to}`, run.startedAt, <RunBadge key="status" run={run} />, run.queued, run.skipped, run.failed])}
                />
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}

function RunBadge({ run }: { run: RunView }) {
  if (run.status === "running") return <Badge tone="info">In progress</Badge>;
  if (run.status === "failed") return <Badge tone="critical">Stopped</Badge>;
  return <Badge tone="success">Finished</Badge>;
}

function RunCard({ run }: { run: RunView }) {
  const running = run.status === "running";
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {running ? "Sending past orders" : "Last run"}
          </Text>
          <RunBadge run={run} />
        </InlineStack>
        <Text as="p" tone="subdued">
          Orders created from {run.from} to {run.to}, started {run.startedAt}
          {run.finishedAt ? `, finished ${run.finishedAt}` : ""}.
        </Text>
        <BlockStack gap="200">
          <Text as="p" id="run-progress-label">
            {run.processed.toLocaleString("en-US")} of {run.total.toLocaleString("en-US")} orders gone through ({run.percent}%)
          </Text>
          <ProgressBar progress={run.percent} tone={run.status === "failed" ? "critical" : running ? "highlight" : "success"} ariaLabelledBy="run-progress-label" animated={false} />
        </BlockStack>
        {run.error && (
          <Banner tone="critical" title="The run stopped">
            <p>{run.error} Start a new run to pick up the rest; orders already imported are not sent twice.</p>
          </Banner>
        )}
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          <Summary label="Queued for HyperSKU" value={run.queued} help="Sent or being sent to HyperSKU." />
          <Summary label="Skipped" value={run.skipped} help="Left alone; the reasons are below." />
          <Summary label="Failed" value={run.failed} help="Shopify's data for these could not be read." tone={run.failed > 0 ? "critical" : undefined} />
        </InlineGrid>
        {run.reasons.length > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Why orders were skipped
            </Text>
            <List type="bullet">
              {run.reasons.map((reason) => (
                <List.Item key={reason.code}>
                  {reason.count.toLocaleString("en-US")}: {reason.label}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

function Summary({ label, value, help, tone }: { label: string; value: number; help: string; tone?: "critical" }) {
  return (
    <BlockStack gap="050">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg" tone={tone}>
        {value.toLocaleString("en-US")}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {help}
      </Text>
    </BlockStack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Send past orders" />;
}
