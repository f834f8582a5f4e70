import { Banner, BlockStack, Card, InlineGrid, InlineStack, List, ProgressBar, Text } from "@shopify/polaris";
import type { RunView } from "~/domain/backfill/past-orders-view.server";
import { RunBadge } from "./run-badge";

/** The current or last run: progress, what was queued, skipped or failed, and why orders were skipped. */
export function RunCard({ run }: { run: RunView }) {
  const running = run.status === "running";
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {running ? "Sending past orders" : "Last run"}
          </Text>
          <RunBadge run={run} />
        </InlineStack>
        <Text as="p" tone="subdued">
          Orders created from {run.from} to {run.to}, started {run.startedAt}
          {run.finishedAt ? `, finished ${run.finishedAt}` : ""}.
        </Text>
        <BlockStack gap="200">
          <Text as="p" id="run-progress-label">
            {run.processed.toLocaleString("en-US")} of {run.total.toLocaleString("en-US")} orders gone through ({run.percent}%)
          </Text>
          <ProgressBar
            progress={run.percent}
            tone={run.status === "failed" ? "critical" : running ? "highlight" : "success"}
            ariaLabelledBy="run-progress-label"
            animated={false}
          />
        </BlockStack>
        {run.error && (
          <Banner tone="critical" title="The run stopped">
            <p>{run.error} Start a new run to pick up the rest; orders already imported are not sent twice.</p>
          </Banner>
        )}
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          <Summary label="Queued for HyperSKU" value={run.queued} help="Sent or being sent to HyperSKU." />
          <Summary label="Skipped" value={run.skipped} help="Left alone; the reasons are below." />
          <Summary
            label="Failed"
            value={run.failed}
            help="Shopify's data for these could not be read."
            tone={run.failed > 0 ? "critical" : undefined}
          />
        </InlineGrid>
        {run.reasons.length > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Why orders were skipped
            </Text>
            <List type="bullet">
              {run.reasons.map((reason) => (
                <List.Item key={reason.code}>
                  {reason.count.toLocaleString("en-US")}: {reason.label}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

function Summary({ label, value, help, tone }: { label: string; value: number; help: string; tone?: "critical" }) {
  return (
    <BlockStack gap="050">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg" tone={tone}>
        {value.toLocaleString("en-US")}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {help}
      </Text>
    </BlockStack>
  );
}
