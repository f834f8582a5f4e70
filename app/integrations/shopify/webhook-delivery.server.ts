/**
 * Verifies a Shopify webhook delivery: POST, a sane body size, the HMAC of the raw body, and the
 * headers we rely on. Unlike `authenticate.webhook`, it does no session work (no token refresh
 * on the hot path) and never parses an order body, so a malformed payload can still be recorded as
 * evidence instead of crashing the request. Throws Responses: 405, 413, 401, 400.
 *
 * Shopify signs the body only: the topic and shop-domain headers are whatever the sender wrote.
 * So the topic must be the one the route was built for, and where the signed body names its shop
 * that name must be the header's; otherwise a captured body replayed with another shop's domain
 * (or to another topic's route) would act on that shop.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";
import { logger } from "~/logger.server";

/** Shopify order payloads are a few KB; a megabyte leaves room for very large orders. */
export const MAX_WEBHOOK_BODY_BYTES = 1_000_000;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

type JsonObject = Record<string, unknown>;

/**
 * Where each topic's signed body names its shop. Order bodies (orders/*) do not name the shop at
 * all, so for them the header is unverifiable: the HMAC proves only that Shopify sent that body,
 * to some shop of this app.
 */
const SHOP_NAMED_IN_BODY = {
  // The shop object: `myshopify_domain` is the permanent name; `domain` may be a custom domain,
  // so it only stands in when the permanent one is absent.
  "app/uninstalled": (body: JsonObject) => body.myshopify_domain ?? body.domain,
  "customers/data_request": (body: JsonObject) => body.shop_domain,
  "customers/redact": (body: JsonObject) => body.shop_domain,
  "shop/redact": (body: JsonObject) => body.shop_domain,
} as const;

export type WebhookTopic =
  | "app/uninstalled"
  | "customers/data_request"
  | "customers/redact"
  | "shop/redact"
  | "orders/create"
  | "orders/updated"
  | "orders/paid"
  | "orders/cancelled"
  | "products/update"
  | "products/delete";

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

export function computeWebhookHmac(rawBody: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

function hmacMatches(rawBody: Uint8Array, received: string, secret: string): boolean {
  const expected = Buffer.from(computeWebhookHmac(rawBody, secret));
  const actual = Buffer.from(received);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function normalizeTopic(topic: string): string {
  return topic.includes("/") ? topic.toLowerCase() : topic.toLowerCase().replace("_", "/");
}

const tooLarge = () => new Response("Payload too large", { status: 413 });

/**
 * The raw bytes, counted as they arrive: a sender that declares no length (chunked) is cut off at
 * the limit instead of being read whole first. The HMAC is computed on these exact bytes.
 */
async function readBody(request: Request): Promise<Buffer> {
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > MAX_WEBHOOK_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

function parseObject(rawBody: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(rawBody);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

/** For topics whose body names the shop: that name, lower-cased, or null when the body names none. */
function shopNamedInBody(topic: string, rawBody: string): string | null | undefined {
  if (!(topic in SHOP_NAMED_IN_BODY)) return undefined;
  const body = parseObject(rawBody);
  const named = body && SHOP_NAMED_IN_BODY[topic as keyof typeof SHOP_NAMED_IN_BODY](body);
  return typeof named === "string" ? named.trim().toLowerCase() : null;
}

type VerifyOptions = { topic: WebhookTopic; secret?: string };

export async function verifyWebhookRequest(request: Request, options: VerifyOptions): Promise<VerifiedDelivery> {
  if (request.method !== "POST") throw new Response("Method not allowed", { status: 405 });
  const body = await readBody(request);
  return verifyWebhookBytes(request.headers, body, options);
}

/**
 * The checks on a body already read as raw bytes (within MAX_WEBHOOK_BODY_BYTES): the server's
 * lean webhook handler reads them itself (server.js), Remix routes through verifyWebhookRequest.
 */
export function verifyWebhookBytes(
  headers: Pick<Headers, "get">,
  body: Buffer,
  { topic: routeTopic, secret = env.SHOPIFY_API_SECRET }: VerifyOptions,
): VerifiedDelivery {
  const hmac = headers.get("X-Shopify-Hmac-Sha256");
  if (!hmac || !hmacMatches(body, hmac, secret)) throw new Response("Unauthorized", { status: 401 });

  const shop = headers.get("X-Shopify-Shop-Domain")?.toLowerCase() ?? "";
  const topic = normalizeTopic(headers.get("X-Shopify-Topic") ?? "");
  const webhookId = headers.get("X-Shopify-Webhook-Id") ?? "";
  if (!SHOP_DOMAIN.test(shop) || !topic || !webhookId) {
    throw new Response("Missing or invalid Shopify webhook headers", { status: 400 });
  }
  if (topic !== routeTopic) {
    logger.warn({ shop, topic, routeTopic, webhookId }, "webhook refused: topic header does not match the route");
    throw new Response(`This address receives ${routeTopic} only`, { status: 400 });
  }
  const rawBody = body.toString("utf8");
  const named = shopNamedInBody(topic, rawBody);
  if (named !== undefined && named !== shop) {
    // Signed body, unsigned header: a replay of another shop's delivery, or a body that does not
    // say whose it is on a topic where it always does. Either way nothing may happen to `shop`.
    logger.warn({ shop, topic, webhookId, bodyNamesShop: named !== null }, "webhook refused: the signed body names another shop");
    throw new Response("The signed body does not belong to this shop", { status: 401 });
  }
  const triggeredAt = new Date(headers.get("X-Shopify-Triggered-At") ?? "");
  return {
    shop,
    topic,
    webhookId,
    eventId: headers.get("X-Shopify-Event-Id"),
    triggeredAt: Number.isNaN(triggeredAt.getTime()) ? null : triggeredAt,
    apiVersion: headers.get("X-Shopify-API-Version"),
    rawBody,
  };
}
