import { Badge } from "@shopify/polaris";
import type { HyperskuStatusInfo } from "~/domain/orders/hypersku-status";
import { ORDER_STATE_LABELS, type OrderState } from "~/models/order-state";

type Tone = "info" | "success" | "warning" | "critical" | "attention" | "new" | undefined;

const STATE_TONES: Record<OrderState, Tone> = {
  waiting: undefined,
  scheduled: "info",
  held: "attention",
  sending: "info",
  checking: "info",
  sent: "success",
  needs_attention: "warning",
  failed: "critical",
  skipped: undefined,
  cancelled: undefined,
};

/** The app's forwarding state, with its meaning for screen readers and on hover. */
export function OrderStateBadge({ state }: { state: string }) {
  const known = ORDER_STATE_LABELS[state as OrderState];
  const label = known?.label ?? state;
  return (
    <span title={known?.meaning}>
      <Badge
        tone={STATE_TONES[state as OrderState]}
        progress={
          state === "sent"
            ? "complete"
            : state === "sending" || state === "checking"
              ? "partiallyComplete"
              : state === "failed" || state === "needs_attention"
                ? "incomplete"
                : undefined
        }
      >
        {label}
      </Badge>
    </span>
  );
}

/** HyperSKU's own status name (notes part 4), with what it means for the merchant. */
export function HyperskuStatusBadge({ status }: { status: HyperskuStatusInfo | null }) {
  if (!status) return null;
  return (
    <span title={status.meaning}>
      <Badge tone={status.tone}>{status.name}</Badge>
    </span>
  );
}
