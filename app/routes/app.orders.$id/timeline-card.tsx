import { Badge, BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import type { OrderView } from "./view";

export function TimelineCard({ timeline }: { timeline: OrderView["timeline"] }) {
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
                <Box
                  borderInlineStartWidth="050"
                  borderColor={event.tone === "critical" ? "border-critical" : event.tone === "success" ? "border-success" : "border"}
                  paddingInlineStart="300"
                >
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
