import { useEffect } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { formatCount } from "~/domain/admin/format";
import type { ProductsPageData } from "~/domain/catalogue/products-page";
import type { ProductsActionResult } from "~/domain/catalogue/products-page.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";

const PHASES: Record<string, string> = { shopify: "Reading your products from Shopify", hypersku: "Reading HyperSKU's catalogue" };

/** The catalogue sync: its progress while it runs, when it last finished, and "Sync now". */
export function SyncCard({ sync }: { sync: ProductsPageData["sync"] }) {
  const shopify = useAppBridge();
  const { submit, busy, result } = useIntentFetcher<ProductsActionResult, "sync">();
  const running = sync.state === "running";

  useEffect(() => {
    if (result?.intent === "sync") shopify.toast.show(result.message, { isError: !result.ok });
  }, [result, shopify]);

  const progress = sync.variantsTotal ? Math.min(100, Math.round((sync.variantsRead / sync.variantsTotal) * 100)) : null;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Catalogue sync
            </Text>
            <Text as="p" tone="subdued">
              {sync.lastSyncText ? `Last synced ${sync.lastSyncText}` : "Not synced yet"}. The app reads it again every 6 hours.
            </Text>
          </BlockStack>
          <Button variant="primary" onClick={() => submit("sync")} loading={busy} disabled={running}>
            Sync now
          </Button>
        </InlineStack>
        {running && (
          <BlockStack gap="200">
            <Text as="p">
              {PHASES[sync.phase ?? "shopify"] ?? "Syncing"}: {formatCount(sync.variantsRead)}
              {sync.variantsTotal ? ` of ${formatCount(sync.variantsTotal)}` : ""} variants read
            </Text>
            <ProgressBar progress={sync.phase === "hypersku" ? 100 : (progress ?? 0)} size="small" />
          </BlockStack>
        )}
        {sync.state === "failed" && sync.lastError && (
          <Banner tone="warning" title="The last sync did not finish">
            <p>{sync.lastError} What was read is shown; Sync now tries again.</p>
          </Banner>
        )}
        {/* A finished run's notice: products it skipped (docs/decisions/0026). */}
        {sync.state === "idle" && sync.lastError && (
          <Banner tone="warning" title="Some products were not updated by the last sync">
            <p>{sync.lastError}</p>
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}
