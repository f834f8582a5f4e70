import { BlockStack, Button, Card, Layout, Text } from "@shopify/polaris";
import { DATA_REQUESTS_PATH } from "~/domain/privacy/data-request-place";

/** Where the merchant answers Shopify's customer data requests (the order timeline points here). */
export function PrivacySection() {
  return (
    <Layout.AnnotatedSection
      id="customer-data-requests"
      title="Customer data requests"
      description="When a customer asks your store for their data, Shopify tells this app; you download what it holds and send it to them."
    >
      <Card>
        <BlockStack gap="300">
          <Text as="p">Each request Shopify sent, with the file to send the customer and whether you downloaded it.</Text>
          <div>
            <Button url={DATA_REQUESTS_PATH}>See customer data requests</Button>
          </div>
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
