/**
 * What the app would do with an order if its forward job ran now, by the same pure steps in the same
 * order as forwardConnected (app/domain/orders/forward-order.server.ts): the forwarding plan on the
 * order alone (cancelled, test, excluded tag, archived, unpaid, not a parcel, address problems), the
 * settings' wait before sending, a fulfillment order Shopify holds, then the plan and the request on
 * the routed lines. Pure: the caller passes the clock.
 *
 * Not here (they need the database or HyperSKU): the shop's connection and the catalogue check
 * before sending (catalogue-check.server.ts), which may still hold the order.
 */
import type { ForwardingSettings } from "../../app/domain/orders/decide-forwarding";
import { ORDER_PROBLEMS, type OrderProblemCode } from "../../app/domain/orders/describe-problems";
import type { SkippedLineItem } from "../../app/domain/orders/map-line-items";
import { type MapResult, mapOrderToExternalOrder, type Routing, type ShopIdentity } from "../../app/domain/orders/map-order";
import { type ForwardingPlan, planForwarding } from "../../app/domain/orders/plan-forwarding";
import { fulfillmentHold } from "../../app/domain/orders/route-lines";
import type { ExternalOrder } from "../../app/integrations/hypersku/schemas";
import type { OrderState } from "../../app/models/order-state";
import type { ShopifyOrderSnapshot } from "../../app/models/order-snapshot";

export type PreviewInput = {
  order: ShopifyOrderSnapshot;
  shop: ShopIdentity;
  forwarding: ForwardingSettings;
  routing: Routing;
  /** The fulfillment orders given are not all of them (more pages): the app then sends nothing (too_many_lines). */
  routingTruncated: boolean;
  now: Date;
};

type PreviewProblem = { code: string; message: string; fix: string | null };

type Preview =
  | {
      send: true;
      request: ExternalOrder;
      skippedLineItems: SkippedLineItem[];
      moneyWarnings: string[];
      /** What else the merchant should check at HyperSKU (no phone, long address lines or titles): the app sends it anyway. */
      warnings: string[];
    }
  | {
      send: false;
      /** The app's state for the order (Order.state) after this run. */
      state: OrderState;
      /** Why, in the merchant's words, in one sentence where the app's catalogue allows. */
      reason: string;
      problems: PreviewProblem[];
      /** Whether the lines were routed: only then do `skippedLineItems` say which were left out. */
      routed: boolean;
      skippedLineItems: SkippedLineItem[];
    };

/** The code the app holds an order with while Shopify holds its fulfillment (forward-order.server.ts). */
export const FULFILLMENT_HOLD_CODE = "fulfillment_on_hold";
/** Not a state code of the app's: the job is simply rescheduled to the end of the wait. */
export const HOLD_WINDOW_CODE = "hold_window";

const fixOf = (code: string) => ORDER_PROBLEMS[code as OrderProblemCode]?.fix ?? null;

function notSent(plan: ForwardingPlan, mapped: MapResult, routed: boolean): Preview {
  const code = plan.code ?? "unknown";
  const fromMapping = !mapped.ok && mapped.reasons.some((reason) => reason.code === code);
  const problems: PreviewProblem[] = fromMapping
    ? mapped.reasons.map((reason) => ({ code: reason.code, message: reason.message, fix: fixOf(reason.code) }))
    : [{ code, message: plan.reason ?? plan.state, fix: fixOf(code) }];
  // A mapping reason may carry every left-out line (not_for_hypersku): the headline keeps its first sentence.
  const first = fromMapping ? (ORDER_PROBLEMS[code as OrderProblemCode]?.problem ?? problems[0].message) : problems[0].message;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""} listed above)` : "";
  return {
    send: false,
    state: plan.state,
    reason: `${first}${more}`,
    problems,
    routed,
    skippedLineItems: routed ? mapped.skippedLineItems : [],
  };
}

function holdWindow(settings: ForwardingSettings, until: Date): Preview {
  const minutes = `${settings.holdMinutes} minute${settings.holdMinutes === 1 ? "" : "s"}`;
  const reason = `Your settings wait ${minutes} after an order is ${settings.trigger} before sending it, so this one goes at ${until.toISOString()}.`;
  return {
    send: false,
    state: "scheduled",
    reason,
    problems: [
      { code: HOLD_WINDOW_CODE, message: reason, fix: "Nothing to do: the app sends it then, unless the order changes meanwhile." },
    ],
    routed: false,
    skippedLineItems: [],
  };
}

export function previewOrder({ order, shop, forwarding, routing, routingTruncated, now }: PreviewInput): Preview {
  // Decided on the order alone first, as the job does before it asks Shopify anything.
  const plan = planForwarding(order, forwarding, shop, now);
  if (plan.state !== "scheduled") return notSent(plan, mapOrderToExternalOrder(order, shop), false);
  if (plan.forwardNotBefore && plan.forwardNotBefore > now) return holdWindow(forwarding, plan.forwardNotBefore);

  const held = fulfillmentHold(routing.settings, routing.context);
  if (held) {
    return {
      send: false,
      state: "held",
      reason: held,
      problems: [{ code: FULFILLMENT_HOLD_CODE, message: held, fix: null }],
      routed: false,
      skippedLineItems: [],
    };
  }

  // An incomplete read of the fulfillment orders is not routed on (read-routing.server.ts).
  const routedOrder = routingTruncated ? { ...order, lineItemsTruncated: true } : order;
  const routedPlan = planForwarding(routedOrder, forwarding, shop, now, routing);
  const mapped = mapOrderToExternalOrder(routedOrder, shop, routing);
  if (routedPlan.state !== "scheduled" || !mapped.ok) return notSent(routedPlan, mapped, true);
  const { request, skippedLineItems, moneyWarnings, warnings } = mapped;
  return { send: true, request, skippedLineItems, moneyWarnings, warnings };
}
