import { BlockStack, Card, Link, Text } from "@shopify/polaris";
import { HyperskuStatusBadge } from "~/components/OrderBadges";
import type { DashboardView } from "~/domain/admin/dashboard.server";
import { formatCount } from "~/domain/admin/format";

const cell = { padding: "8px 12px", borderBlockEnd: "1px solid var(--p-color-border-secondary)", textAlign: "start" } as const;

/** A plain table (Polaris' DataTable measures itself on the client; this needs none of that). */
export function HyperskuStatuses({ tiles }: { tiles: DashboardView["hyperskuTiles"] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="hypersku-statuses-heading">
          At HyperSKU
        </Text>
        <table aria-labelledby="hypersku-statuses-heading" style={{ width: "100%", borderCollapse: "collapse" }}>
          <thead>
            <tr>
              {["HyperSKU status", "What it means", "Orders"].map((heading) => (
                <th key={heading} scope="col" style={{ ...cell, textAlign: heading === "Orders" ? "end" : "start" }}>
                  <Text as="span" variant="bodySm" fontWeight="medium" tone="subdued">
                    {heading}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tiles.map((tile) => (
              <tr key={tile.code}>
                <th scope="row" style={cell}>
                  <HyperskuStatusBadge status={tile} />
                </th>
                <td style={cell}>
                  <Text as="span">{tile.meaning}</Text>
                </td>
                <td style={{ ...cell, textAlign: "end" }}>
                  {tile.count > 0 ? (
                    <Link url={tile.url} accessibilityLabel={`${formatCount(tile.count)} orders ${tile.name}`}>
                      {formatCount(tile.count)}
                    </Link>
                  ) : (
                    <Text as="span" tone="subdued">
                      0
                    </Text>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </BlockStack>
    </Card>
  );
}
