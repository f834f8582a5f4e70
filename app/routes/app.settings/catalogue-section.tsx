import { useEffect, useState } from "react";
import { Banner, BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Layout, TextField } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import type { CatalogueSettingsResult, CatalogueSettingsView } from "~/domain/catalogue/catalogue-settings.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";

/** Low stock and the optional inventory push: a form of its own, saved apart from the settings above. */
export function CatalogueSection({ saved }: { saved: CatalogueSettingsView }) {
  const shopify = useAppBridge();
  const [threshold, setThreshold] = useState(String(saved.lowStockThreshold));
  const [syncInventory, setSyncInventory] = useState(saved.syncInventory);
  const { submit, busy, result } = useIntentFetcher<CatalogueSettingsResult, "catalogue">();
  const error = result && !result.ok ? result.errors.lowStockThreshold : undefined;

  useEffect(() => {
    if (result?.ok) shopify.toast.show("Catalogue settings saved");
  }, [result, shopify]);

  return (
    <Layout.AnnotatedSection
      id="catalogue"
      title="Catalogue and stock"
      description="Where HyperSKU holds stock for you: when the Products page warns that it runs low, and whether Shopify's inventory follows it."
    >
      <Card>
        <BlockStack gap="400">
          <FormLayout>
            <TextField
              id="lowStockThreshold"
              label="Low stock at"
              type="number"
              min={0}
              suffix="units or fewer"
              autoComplete="off"
              value={threshold}
              onChange={setThreshold}
              error={error}
              helpText="A sourced variant HyperSKU holds this many units of, or fewer, is marked low stock."
            />
            <Checkbox
              label="Keep Shopify's inventory in step with HyperSKU's stock"
              checked={syncInventory}
              onChange={setSyncInventory}
              helpText="After each catalogue sync, Shopify's available quantity of each variant HyperSKU holds stock for is set to that stock, at the location HyperSKU ships for. Off by default: it overwrites Shopify's counts."
            />
          </FormLayout>
          {syncInventory && !saved.inventoryLocationId && (
            <Banner tone="warning" title="Choose the location HyperSKU ships for">
              <p>
                Under Routing above, choose the location HyperSKU ships from: the app sets the inventory there, and changes nothing until
                one is chosen.
              </p>
            </Banner>
          )}
          <InlineStack align="end">
            <Button
              onClick={() => submit("catalogue", { lowStockThreshold: threshold, syncInventory: String(syncInventory) })}
              loading={busy}
            >
              Save catalogue settings
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
