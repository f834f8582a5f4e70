import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Banner, BlockStack, Card, Page, Text } from "@shopify/polaris";
import { EmptyPanel } from "./EmptyPanel";

/**
 * A page's own error boundary: a missing record or a bad link gets a page that says so, with a way
 * back; any other thrown Response (Shopify's authentication answers) is rethrown so the layout's
 * boundary (Shopify's `boundary.error`) handles it. Unexpected errors never show internals.
 */
export function RouteErrorBoundary({
  title,
  backUrl = "/app",
  backLabel = "Dashboard",
}: {
  title: string;
  backUrl?: string;
  backLabel?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return (
        <Page title={title} backAction={{ content: backLabel, url: backUrl }}>
          <Card>
            <EmptyPanel heading="Not found" action={{ content: `Back to ${backLabel.toLowerCase()}`, url: backUrl }}>
              It may have been removed, or the link belongs to another store.
            </EmptyPanel>
          </Card>
        </Page>
      );
    }
    if (error.status !== 400) throw error;
  }
  return (
    <Page title={title} backAction={{ content: backLabel, url: backUrl }}>
      <Banner tone="critical" title="This page could not be shown">
        <BlockStack gap="200">
          <Text as="p">
            {isRouteErrorResponse(error) && typeof error.data === "string" && error.data
              ? error.data
              : "Something went wrong on our side. Reload the page; if it happens again, contact support."}
          </Text>
        </BlockStack>
      </Banner>
    </Page>
  );
}
