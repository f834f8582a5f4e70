import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { RunView } from "~/domain/backfill/past-orders-view.server";
import { RunBadge } from "./run-badge";

export function EarlierRunsCard({ runs }: { runs: RunView[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Earlier runs
        </Text>
        <DataTable
          columnContentTypes={["text", "text", "text", "numeric", "numeric", "numeric"]}
          headings={["Orders created", "Started", "Result", "Queued for HyperSKU", "Skipped", "Failed"]}
          rows={runs.map((run) => [
            `${run.from} to ${run.to}`,
            run.startedAt,
            <RunBadge key="status" run={run} />,
            run.queued,
            run.skipped,
            run.failed,
          ])}
        />
      </BlockStack>
    </Card>
  );
}
