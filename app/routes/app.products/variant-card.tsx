import { useState } from "react";
import { BlockStack, Box, Button, Card, DataTable, InlineStack, Link, Select, Text } from "@shopify/polaris";
import { formatMoney } from "~/domain/admin/format";
import type { SelectedVariant } from "~/domain/catalogue/products-page";
import type { ProductsActionResult } from "~/domain/catalogue/products-page.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import { shopifyProductUrl } from "./view";

/** One variant: what to do at HyperSKU, where it ships, and shipping methods to a chosen country. */
export function VariantCard({ selected, onClose }: { selected: SelectedVariant; onClose: () => void }) {
  const { row, shipsTo, countries } = selected;
  const [country, setCountry] = useState(countries?.find((c) => c.code === "US")?.code ?? countries?.[0]?.code ?? "");
  const { submit, busy, data } = useIntentFetcher<ProductsActionResult, "shipping">();
  const quote = data?.intent === "shipping" ? data : null;

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {row.productTitle}
            </Text>
            <Text as="p" tone="subdued">
              {row.variantTitle}
              {row.sku ? ` · ${row.sku}` : ""}
            </Text>
          </BlockStack>
          <InlineStack gap="200">
            <Button url={shopifyProductUrl(row.productId)} target="_top">
              Open in Shopify
            </Button>
            <Button variant="plain" onClick={onClose} accessibilityLabel="Close the variant">
              Close
            </Button>
          </InlineStack>
        </InlineStack>
        {row.guidance.action && (
          <Text as="p">
            {row.guidance.action}{" "}
            {row.guidance.url && (
              <Link url={row.guidance.url} target="_blank">
                Open HyperSKU
              </Link>
            )}
          </Text>
        )}
        {shipsTo.length > 0 && (
          <Text as="p" tone="subdued">
            HyperSKU ships it to: {shipsTo.join(", ")}
          </Text>
        )}
        {countries && countries.length > 0 && (
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="end">
              <Box minWidth="220px">
                <Select
                  label="Shipping to"
                  options={countries.map((c) => ({ label: c.name, value: c.code }))}
                  value={country}
                  onChange={setCountry}
                />
              </Box>
              <Button onClick={() => submit("shipping", { variantId: row.id, countryCode: country })} loading={busy}>
                Show shipping
              </Button>
            </InlineStack>
            {quote && !quote.answer.ok && (
              <Text as="p" tone="critical">
                {quote.answer.message}
              </Text>
            )}
            {quote?.answer.ok && (
              <BlockStack gap="200">
                {!quote.answer.shipsThere && (
                  <Text as="p" tone="caution">
                    HyperSKU does not list {quote.countryCode} among the places this SKU ships to.
                  </Text>
                )}
                {quote.answer.methods.length === 0 ? (
                  <Text as="p">HyperSKU offers no shipping method to {quote.countryCode} for this SKU.</Text>
                ) : (
                  <DataTable
                    columnContentTypes={["text", "numeric", "text"]}
                    headings={["Method", "Cost per unit", "Delivery time"]}
                    rows={quote.answer.methods.map((method) => [
                      method.name,
                      formatMoney(method.cost, method.currency) ?? "",
                      method.deliveryTime ?? "",
                    ])}
                  />
                )}
              </BlockStack>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
