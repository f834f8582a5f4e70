/**
 * Verifies a Shopify webhook delivery: POST, a sane body size, the HMAC of the raw body, and the
 * headers we rely on. Unlike `authenticate.webhook`, it does no session work (no token refresh
 * on the hot path) and never parses the body, so a malformed payload can still be recorded as
 * evidence instead of crashing the request. Throws Responses: 405, 413, 401, 400.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

/** Shopify order payloads are a few KB; a megabyte leaves room for very large orders. */
export const MAX_WEBHOOK_BODY_BYTES = 1_000_000;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export type VerifiedDelivery = {
  shop: string;
  /** `orders/create` form (Shopify sends ORDERS_CREATE-like values in some tools; normalised). */
  topic: string;
  webhookId: string;
  eventId: string | null;
  triggeredAt: Date | null;
  apiVersion: string | null;
  rawBody: string;
};

export function computeWebhookHmac(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
}

function hmacMatches(rawBody: string, received: string, secret: string): boolean {
  const expected = Buffer.from(computeWebhookHmac(rawBody, secret));
  const actual = Buffer.from(received);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function normalizeTopic(topic: string): string {
  return topic.includes("/") ? topic.toLowerCase() : topic.toLowerCase().replace("_", "/");
}

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_WEBHOOK_BODY_BYTES) throw new Response("Payload too large", { status: 413 });
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES) throw new Response("Payload too large", { status: 413 });
  return body;
}

export async function verifyWebhookRequest(request: Request, secret = env.SHOPIFY_API_SECRET): Promise<VerifiedDelivery> {
  if (request.method !== "POST") throw new Response("Method not allowed", { status: 405 });
  const rawBody = await readBody(request);
  const hmac = request.headers.get("X-Shopify-Hmac-Sha256");
  if (!hmac || !hmacMatches(rawBody, hmac, secret)) throw new Response("Unauthorized", { status: 401 });

  const shop = request.headers.get("X-Shopify-Shop-Domain")?.toLowerCase() ?? "";
  const topic = request.headers.get("X-Shopify-Topic") ?? "";
  const webhookId = request.headers.get("X-Shopify-Webhook-Id") ?? "";
  if (!SHOP_DOMAIN.test(shop) || !topic || !webhookId) {
    throw new Response("Missing or invalid Shopify webhook headers", { status: 400 });
  }
  const triggeredAt = new Date(request.headers.get("X-Shopify-Triggered-At") ?? "");
  return {
    shop,
    topic: normalizeTopic(topic),
    webhookId,
    eventId: request.headers.get("X-Shopify-Event-Id"),
    triggeredAt: Number.isNaN(triggeredAt.getTime()) ? null : triggeredAt,
    apiVersion: request.headers.get("X-Shopify-API-Version"),
    rawBody,
  };
}
