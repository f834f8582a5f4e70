/**
 * Signed `orders/create` deliveries as Shopify sends them (raw JSON body, HMAC-SHA256 of it in
 * base64, the topic/shop/webhook/event headers), each with its own webhook id, event id and order
 * id. The body is a realistic REST order (simulators/harness/order-payloads.ts) serialized once; per
 * request only the ids are substituted and the HMAC computed (a few microseconds, the same for the
 * app and the baseline), so millions of payloads never sit in memory.
 */
import { createHmac } from "node:crypto";
import { buildRestLineItem, buildRestOrder } from "../../simulators/harness/order-payloads";

// Placeholders in the serialized template; each is replaced by a per-order number.
const ORDER_ID = "7770000000001";
const LINE_1 = "7771000000001";
const LINE_2 = "7772000000001";

const template = JSON.stringify(
  buildRestOrder({
    overrides: { id: Number(ORDER_ID), name: `#B${ORDER_ID}` },
    lineItems: [
      buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2, id: Number(LINE_1) } }),
      buildRestLineItem({ unitPrice: "12.50", overrides: { id: Number(LINE_2) } }),
    ],
  }),
);

export type SignedDelivery = { body: string; headers: Record<string, string>; shopifyOrderId: string };

// Unique across the whole run (every phase, both engines), so no two deliveries share an id.
let sequence = 0;
const runTag = `${process.pid}-${Date.now().toString(36)}`;
const FIRST_ORDER_ID = 5_000_000_000_000;

export function createDeliveryFactory(options: { secret: string; shop: string }): () => SignedDelivery {
  return () => {
    sequence += 1;
    const orderId = FIRST_ORDER_ID + sequence;
    const body = template
      .replaceAll(ORDER_ID, String(orderId))
      .replaceAll(LINE_1, String(orderId * 10 + 1))
      .replaceAll(LINE_2, String(orderId * 10 + 2));
    const headers = {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "X-Shopify-Topic": "orders/create",
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": `bench-webhook-${runTag}-${sequence}`,
      "X-Shopify-Event-Id": `bench-event-${runTag}-${sequence}`,
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", options.secret).update(body, "utf8").digest("base64"),
    };
    return { body, headers, shopifyOrderId: String(orderId) };
  };
}

export const WEBHOOK_PATH = "/webhooks/orders/create";
