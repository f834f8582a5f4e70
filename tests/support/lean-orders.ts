/** A new order's record as the lean intake writes it (prepareNewOrder), for tests of the lean path. */
import type { OrderState } from "~/models/order-state";
import { TEST_SHOP } from "./shopify";

export function newLeanOrder(shopifyOrderId: string, at: Date, state: OrderState = "held") {
  return {
    shop: TEST_SHOP,
    shopifyOrderId,
    name: `#${shopifyOrderId}`,
    shopifyCreatedAt: at,
    shopifyUpdatedAt: null,
    snapshot: JSON.stringify({ shopifyOrderId }),
    state,
    stateCode: null,
    stateReason: null,
  };
}
