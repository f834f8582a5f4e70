/**
 * /app/privacy: Shopify's customer data requests (customers/data_request). Each one can be
 * downloaded (JSON, or plain text to read) for the merchant to send to the customer.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { getDataRequestsView } from "~/domain/privacy/data-requests-view.server";
import { authenticate } from "~/shopify.server";
import { DataRequestsCard } from "./data-requests-card";

const TITLE = "Customer data requests";

export const meta: MetaFunction = () => documentTitle(TITLE);

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getDataRequestsView(session.shop));
};

export default function DataRequestsPage() {
  const { requests } = useLoaderData<typeof loader>();
  return (
    <Page backAction={{ content: "Settings", url: "/app/settings" }}>
      <PageTitle title={TITLE} />
      <NavigationLoading />
      <Layout>
        <Layout.Section>
          <DataRequestsCard requests={requests} />
        </Layout.Section>
      </Layout>
      <PageHelp topic="customer data requests" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title={TITLE} />;
}
