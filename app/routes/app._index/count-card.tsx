import { BlockStack, Box, Card, InlineGrid, Link, Text } from "@shopify/polaris";
import type { CountTile } from "~/domain/admin/dashboard.server";
import { formatCount } from "~/domain/admin/format";

const TEXT_TONES = { critical: "critical", warning: "caution", success: "success", none: undefined } as const;

/** A card of tiles, each a count of orders linking to the orders list filtered to them. */
export function CountCard({ heading, tiles }: { heading: string; tiles: CountTile[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        <InlineGrid columns={{ xs: 2, sm: 3, md: 4 }} gap="300">
          {tiles.map((tile) => (
            <Box key={tile.id} padding="300" borderWidth="025" borderColor="border" borderRadius="200" minHeight="100%">
              <BlockStack gap="100">
                <Link
                  url={tile.url}
                  removeUnderline
                  accessibilityLabel={`${tile.label}: ${formatCount(tile.count)} ${tile.count === 1 ? "order" : "orders"}`}
                >
                  {tile.label}
                </Link>
                <Text as="p" variant="headingLg" tone={tile.count > 0 ? TEXT_TONES[tile.tone ?? "none"] : undefined}>
                  {formatCount(tile.count)}
                </Text>
                <Text as="p" variant="bodySm" tone="subdued">
                  {tile.meaning}
                </Text>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
