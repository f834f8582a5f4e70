/**
 * Shopify's words for how an order reaches the buyer -> DeliveryMethod. Both order shapes use it:
 * GraphQL's `DeliveryMethodType` ("PICK_UP", "LOCAL") and `deliveryCategory`, and REST's
 * `shipping_lines[].delivery_category` and `code`. A word we do not know says nothing, so the order
 * stays a shipment: skipping a real parcel by a guess would be worse than asking about a pickup.
 */
import type { DecisionCode } from "./describe-problems";
import type { DeliveryMethod, ShopifyOrderSnapshot } from "~/models/order-snapshot";

const WORDS: Record<string, DeliveryMethod> = {
  pickup: "pickup",
  localpickup: "pickup",
  storepickup: "pickup",
  instorepickup: "pickup",
  // An in-store sale: the buyer left with the goods.
  retail: "pickup",
  local: "local_delivery",
  localdelivery: "local_delivery",
  shipping: "shipping",
  // A carrier takes the parcel to a pickup point: still a shipment.
  pickuppoint: "shipping",
};

/** "PICK_UP", "pick-up", "Local Delivery" -> the method; null for anything else. */
export function deliveryMethodOfWord(word: string | null | undefined): DeliveryMethod | null {
  const key = (word ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return Object.hasOwn(WORDS, key) ? WORDS[key] : null;
}

/**
 * The order's method from what each of its deliveries says. Any shipment, or nothing known, makes
 * it a shipment: HyperSKU ships whatever of it needs shipping.
 */
export function combineDeliveryMethods(methods: (DeliveryMethod | null)[]): DeliveryMethod {
  const known = methods.filter((method): method is DeliveryMethod => method !== null);
  return known.length === 0 || known.includes("shipping") ? "shipping" : known[0];
}

/** Why the order is no parcel for HyperSKU, or null when it is one (so are snapshots stored without the field). */
export function notAParcel(
  order: Pick<ShopifyOrderSnapshot, "deliveryMethod">,
): Extract<DecisionCode, "local_pickup" | "local_delivery"> | null {
  if (order.deliveryMethod === "pickup") return "local_pickup";
  if (order.deliveryMethod === "local_delivery") return "local_delivery";
  return null;
}
