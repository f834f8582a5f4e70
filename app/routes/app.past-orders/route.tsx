import { useEffect } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Banner, Layout, Page } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { formatDate } from "~/domain/admin/format";
import { parseDateRange, reachesBeyondReadableWindow } from "~/domain/backfill/date-range";
import { getPastOrdersView } from "~/domain/backfill/past-orders-view.server";
import { startBackfill } from "~/domain/backfill/run-backfill.server";
import { countPastOrders } from "~/domain/backfill/shopify-past-orders.server";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { PAST_ORDERS_INTENTS, type PastOrdersActionData } from "./view";
import { ChooseOrdersCard } from "./choose-orders-card";
import { EarlierRunsCard } from "./earlier-runs-card";
import { RunCard } from "./run-card";

export const meta: MetaFunction = () => documentTitle("Send past orders");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getPastOrdersView(session.shop));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = requireIntent(form, PAST_ORDERS_INTENTS);
  const from = String(form.get("from") ?? "");
  const to = String(form.get("to") ?? "");
  const now = new Date();
  const parsed = parseDateRange({ from, to }, now);
  if (!parsed.ok) return json<PastOrdersActionData>({ intent, ok: false, errors: parsed.errors }, { status: 400 });
  try {
    if (intent === "count") {
      const { count, capped } = await countPastOrders(session.shop, parsed.range);
      const rangeText = `${formatDate(parsed.range.from)} to ${formatDate(parsed.range.to)}`;
      return json<PastOrdersActionData>({
        intent,
        ok: true,
        count,
        capped,
        from,
        to,
        rangeText,
        beyondWindow: reachesBeyondReadableWindow(parsed.range.from, now),
      });
    }
    const started = await startBackfill(session.shop, parsed.range);
    return json<PastOrdersActionData>(
      started.ok
        ? { intent, ok: true, message: `Sending past orders: ${started.total.toLocaleString("en-US")} to go through.` }
        : { intent, ok: false, message: started.message },
    );
  } catch (error) {
    if (!(error instanceof ShopifyGraphqlError)) throw error;
    return json<PastOrdersActionData>(
      { intent, ok: false, message: `Shopify did not answer: ${error.message} Try again in a minute.` },
      { status: 502 },
    );
  }
};

const POLL_MS = 1500;

export default function PastOrdersPage() {
  const view = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const running = view.current?.status === "running";

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <Page>
      <PageTitle title="Send past orders" />
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
          <ChooseOrdersCard defaults={view.defaults} today={view.today} running={running} />
        </Layout.Section>
        {view.current && (
          <Layout.Section>
            <RunCard run={view.current} />
          </Layout.Section>
        )}
        {view.earlier.length > 0 && (
          <Layout.Section>
            <EarlierRunsCard runs={view.earlier} />
          </Layout.Section>
        )}
      </Layout>
      <PageHelp topic="sending past orders to HyperSKU" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Send past orders" />;
}
