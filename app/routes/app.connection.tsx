import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Layout, Page } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { ConnectionCard } from "~/components/ConnectionCard";
import { disconnect, startConnection, testConnection } from "~/domain/connection/connection.server";
import { getConnectionView } from "~/domain/connection/connection-view.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getConnectionView(session.shop));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const intent = String((await request.formData()).get("intent"));
  if (intent === "connect") {
    const outcome = await startConnection(session.shop);
    return json(outcome.ok ? { intent, redirectUrl: outcome.redirectUrl } : { intent, missingSettings: outcome.missingSettings });
  }
  if (intent === "test") return json({ intent, ...(await testConnection(session.shop)) });
  if (intent === "disconnect") {
    await disconnect(session.shop);
    return json({ intent, ok: true });
  }
  throw new Response(`Unknown action "${intent}"`, { status: 400 });
};

export default function ConnectionPage() {
  const view = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <Page title="HyperSKU connection" backAction={{ content: "Dashboard", url: "/app" }}>
      <TitleBar title="HyperSKU connection" />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {params.get("hypersku") === "connected" && view.status === "connected" && (
              <Banner tone="success" title="HyperSKU is connected">
                <p>New orders will now be sent to HyperSKU automatically.</p>
              </Banner>
            )}
            <ConnectionCard view={view} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
