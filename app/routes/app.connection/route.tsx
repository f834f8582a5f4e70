import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Layout, Page } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { ConnectionCard } from "~/components/ConnectionCard";
import {
  cancelPendingConnection,
  confirmConnection,
  disconnect,
  startConnection,
  testConnection,
} from "~/domain/connection/connection.server";
import { getConnectionView, getPendingConnectionView } from "~/domain/connection/connection-view.server";
import type { AdminActor } from "~/domain/connection/pending-connection.server";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { PendingConnectionCard } from "./pending-connection-card";

/** The shop and the admin user (session token `sub`) behind an authenticated admin request. */
async function requireAdminActor(request: Request): Promise<AdminActor> {
  const { session, sessionToken } = await authenticate.admin(request);
  return { shop: session.shop, userId: sessionToken?.sub ?? null };
}

export const meta: MetaFunction = () => documentTitle("HyperSKU connection");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireAdminActor(request);
  const confirmToken = new URL(request.url).searchParams.get("confirm");
  const [view, pending] = await Promise.all([getConnectionView(actor.shop), getPendingConnectionView(confirmToken, actor)]);
  return json({ ...view, pending });
};

const CONNECTION_INTENTS = ["connect", "confirm", "cancel", "test", "disconnect"] as const;

export const action = async ({ request }: ActionFunctionArgs) => {
  const actor = await requireAdminActor(request);
  const form = await request.formData();
  const intent = requireIntent(form, CONNECTION_INTENTS);
  const confirmToken = form.get("confirm")?.toString() ?? null;
  if (intent === "connect") {
    const outcome = await startConnection(actor);
    return json(outcome.ok ? { intent, redirectUrl: outcome.redirectUrl } : { intent, missingSettings: outcome.missingSettings });
  }
  if (intent === "confirm") {
    const outcome = await confirmConnection(confirmToken, actor);
    return json({ intent, ...outcome }, { status: outcome.ok ? 200 : 403 });
  }
  if (intent === "cancel") {
    const outcome = await cancelPendingConnection(confirmToken, actor);
    return json({ intent, ...outcome }, { status: outcome.ok ? 200 : 403 });
  }
  if (intent === "test") return json({ intent, ...(await testConnection(actor.shop)) });
  await disconnect(actor.shop);
  return json({ intent, ok: true });
};

export default function ConnectionPage() {
  const { pending, ...view } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <Page>
      <PageTitle title="HyperSKU connection" />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {params.get("hypersku") === "connected" && view.status === "connected" && (
              <Banner tone="success" title="HyperSKU is connected">
                <p>
                  HyperSKU account {view.account?.hyperskuUserId ?? ""} is connected to {view.store.name}. New orders will now be sent to
                  HyperSKU automatically.
                </p>
              </Banner>
            )}
            {pending && <PendingConnectionCard pending={pending} store={view.store} confirmToken={params.get("confirm") ?? ""} />}
            <ConnectionCard view={view} />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <PageHelp topic="connecting your HyperSKU account" />
    </Page>
  );
}
