import { Badge } from "@shopify/polaris";
import type { RunView } from "~/domain/backfill/past-orders-view.server";

export function RunBadge({ run }: { run: Pick<RunView, "status"> }) {
  if (run.status === "running") return <Badge tone="info">In progress</Badge>;
  if (run.status === "failed") return <Badge tone="critical">Stopped</Badge>;
  return <Badge tone="success">Finished</Badge>;
}
