import { Badge, BlockStack, Box, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { EmptyPanel } from "~/components/EmptyPanel";
import type { DataRequestStatus, DataRequestView } from "~/domain/privacy/data-requests-view";
import { DownloadButton } from "./download-button";

const BADGES: Record<DataRequestStatus, { tone: "attention" | "success" | undefined; label: string }> = {
  new: { tone: "attention", label: "To send" },
  downloaded: { tone: "success", label: "Downloaded" },
  redacted: { tone: undefined, label: "Data erased" },
};

function RequestRow({ request }: { request: DataRequestView }) {
  const badge = BADGES[request.status];
  return (
    <Box paddingBlock="300">
      <BlockStack gap="200">
        <InlineStack gap="200" align="space-between" blockAlign="center">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {request.customer}
            </Text>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </InlineStack>
          {request.downloads && (
            <InlineStack gap="200">
              <DownloadButton href={request.downloads.text} label="Download (text)" />
              <DownloadButton href={request.downloads.json} label="Download (JSON)" />
            </InlineStack>
          )}
        </InlineStack>
        <Text as="p" tone="subdued">
          Received {request.receivedAt}
          {request.shopifyRequestId ? ` · Shopify request ${request.shopifyRequestId}` : ""}
          {request.ordersNamed > 0 ? ` · ${request.ordersNamed} ${request.ordersNamed === 1 ? "order" : "orders"} named by Shopify` : ""}
        </Text>
        <Text as="p">{request.statusText}</Text>
      </BlockStack>
    </Box>
  );
}

/** Every request Shopify sent, newest first, with its downloads. */
export function DataRequestsCard({ requests }: { requests: DataRequestView[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Requests from Shopify
        </Text>
        <Text as="p">
          When a customer asks your store for their data, Shopify tells this app. Download what the app holds about them (their orders as
          received, what was sent to HyperSKU, tracking and history) and send it to the customer yourself: Shopify does not pass it on. The
          text file is for reading; the JSON file has the same data for other systems.
        </Text>
        {requests.length === 0 ? (
          <EmptyPanel heading="No data requests yet" headingLevel="h3">
            When Shopify sends one, it appears here.
          </EmptyPanel>
        ) : (
          <BlockStack>
            {requests.map((request, index) => (
              <BlockStack key={request.id}>
                {index > 0 && <Divider />}
                <RequestRow request={request} />
              </BlockStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
