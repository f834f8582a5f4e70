/** A new order's record as the lean intake writes it (prepareNewOrder), for tests of the lean path. */
import { parseRestOrderWebhook } from "~/domain/orders/parse-rest-order";
import type { OrderState } from "~/models/order-state";
import { snapshotColumns } from "~/models/order.server";
import { buildRestOrder } from "./order-factories";
import { TEST_SHOP } from "./shopify";

export function newLeanOrder(shopifyOrderId: string, at: Date, state: OrderState = "held") {
  const parsed = parseRestOrderWebhook(buildRestOrder({ overrides: { id: Number(shopifyOrderId), name: `#${shopifyOrderId}` } }));
  if (!parsed.ok) throw new Error("the factory's order must parse");
  return { shop: TEST_SHOP, shopifyOrderId, ...snapshotColumns(parsed.value, at), state, stateCode: null, stateReason: null };
}
