import { useState } from "react";
import { downloadFile } from "~/components/download-file";
import { BlockStack, Button, ButtonGroup, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { PeriodTotals } from "~/domain/costs/costs-summary.server";

/**
 * What HyperSKU charges for the orders sent today, in the last 7 and 30 days (the shop's days),
 * beside what their customers paid, with the margin; and the export of those orders as CSV.
 */
export function CostsCard({ periods }: { periods: PeriodTotals[] }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Costs and margin
        </Text>
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
          {periods.map((period) => (
            <PeriodTile key={period.key} period={period} />
          ))}
        </InlineGrid>
        <Text as="p" tone="subdued">
          HyperSKU charges: goods and freight as HyperSKU&apos;s orders say. Customers paid: the items HyperSKU ships, after discounts and
          refunds, and the shipping. Orders cancelled before HyperSKU charged them are left out. Amounts in different currencies are not
          added up or compared.
        </Text>
        <CsvExport />
      </BlockStack>
    </Card>
  );
}

function PeriodTile({ period }: { period: PeriodTotals }) {
  return (
    <section aria-label={period.label}>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {period.label}
        </Text>
        <Text as="p">
          {period.orders} {period.orders === "1" ? "order" : "orders"} sent
        </Text>
        {period.totals.map((totals) => (
          <BlockStack gap="100" key={totals.currency}>
            <Text as="p">
              HyperSKU charges {totals.charge} ({totals.goods} goods, {totals.freight} freight)
            </Text>
            <Text as="p">Customers paid {totals.paid}</Text>
            {totals.margin && (
              <Text as="p" fontWeight="semibold">
                Margin {totals.margin}
                {totals.marginPercent ? ` (${totals.marginPercent}%)` : ""}
              </Text>
            )}
          </BlockStack>
        ))}
        {period.otherCurrencies.map((other, index) => (
          <Text as="p" tone="subdued" key={index}>
            HyperSKU charges {other.charge}; customers paid {other.paid ?? "an unknown amount"} (another currency: no margin).
          </Text>
        ))}
        {period.awaitingCharge > 0 && (
          <Text as="p" tone="subdued">
            {period.awaitingCharge} not priced by HyperSKU yet.
          </Text>
        )}
      </BlockStack>
    </section>
  );
}

const EXPORTS = [
  { period: "today", label: "Today" },
  { period: "7d", label: "7 days" },
  { period: "30d", label: "30 days" },
] as const;

/** Fetched (App Bridge adds the session token to the app's own fetches), then saved as a file. */
function CsvExport() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  async function download(period: string) {
    setBusy(period);
    setFailed(null);
    const result = await downloadFile(`/app/costs.csv?period=${period}`, `hypersku-costs-${period}.csv`);
    setBusy(null);
    if (!result.ok) setFailed(result.reason ?? "The export failed; try again.");
  }
  return (
    <InlineStack gap="300" blockAlign="center">
      <Text as="span">Export orders with these figures (CSV):</Text>
      <ButtonGroup>
        {EXPORTS.map((item) => (
          <Button key={item.period} loading={busy === item.period} onClick={() => void download(item.period)}>
            {item.label}
          </Button>
        ))}
      </ButtonGroup>
      {failed && (
        <Text as="span" tone="critical">
          {failed}
        </Text>
      )}
    </InlineStack>
  );
}
