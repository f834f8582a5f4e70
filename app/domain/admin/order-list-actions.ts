/**
 * Which of the list's actions can work on an order, so the list offers no "Send now" that can only
 * be refused: Send now for an order still to send and not on its way, Retry for one that failed or
 * needs attention. The action itself re-checks everything (app/domain/orders/order-actions.server.ts). Pure.
 */
import type { OrderState } from "~/models/order-state";

export const LIST_ACTIONS = ["send", "retry"] as const;
type ListAction = (typeof LIST_ACTIONS)[number];

const ACTION_STATES: Record<ListAction, readonly OrderState[]> = {
  send: ["waiting", "scheduled", "held"],
  retry: ["needs_attention", "failed"],
};

export function rowActions(state: string): ListAction[] {
  return LIST_ACTIONS.filter((action) => (ACTION_STATES[action] as readonly string[]).includes(state));
}
