import type { ReactNode } from "react";
import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";

type Action = { content: string; url?: string; onAction?: () => void };

/**
 * An empty state without Polaris' illustration (which would be fetched from Shopify's CDN and
 * reserves a large image box): a heading, what to do, and the action that does it.
 */
export function EmptyPanel({
  heading,
  children,
  action,
  secondaryAction,
  headingLevel = "h2",
}: {
  heading: string;
  children?: ReactNode;
  action?: Action;
  secondaryAction?: Action;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <Box paddingBlock="800" paddingInline="400">
      <BlockStack gap="300" inlineAlign="center">
        <Text as={headingLevel} variant="headingMd" alignment="center">
          {heading}
        </Text>
        {children && (
          <Box maxWidth="32rem">
            <Text as="p" alignment="center" tone="subdued">
              {children}
            </Text>
          </Box>
        )}
        {(action || secondaryAction) && (
          <InlineStack gap="200" align="center">
            {secondaryAction && (
              <Button url={secondaryAction.url} onClick={secondaryAction.onAction}>
                {secondaryAction.content}
              </Button>
            )}
            {action && (
              <Button variant="primary" url={action.url} onClick={action.onAction}>
                {action.content}
              </Button>
            )}
          </InlineStack>
        )}
      </BlockStack>
    </Box>
  );
}
