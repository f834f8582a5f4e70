/**
 * Every webhook topic the app takes and the one domain function each runs: the Remix routes
 * (app/routes/webhooks.*) and the production server's lean handler (server.js, before Remix's
 * request handler; docs/decisions/0025) both answer from this table.
 *
 * The lean handler is what production runs: server.js reads the raw bytes itself (refusing more
 * than MAX_WEBHOOK_BODY_BYTES while they stream in) and calls `handleWebhook`, skipping the Fetch
 * Request, Remix's route matching and its document/data machinery. The Remix routes stay for
 * `shopify app dev` (Remix's dev server) and behave the same.
 */
import { performance } from "node:perf_hooks";
import { handleProductDelete, handleProductUpdate } from "./domain/catalogue/product-webhooks.server";
import { receiveOrderWebhook } from "./domain/orders/receive-order-webhook.server";
import { receiveComplianceWebhook } from "./domain/privacy/receive-compliance-webhook.server";
import { handleAppUninstalled } from "./domain/shops/uninstall.server";
import { parseShopUpdatedAt } from "./domain/shops/uninstall-evidence";
import { MAX_WEBHOOK_BODY_BYTES, verifyWebhookBytes, type WebhookTopic } from "./integrations/shopify/webhook-delivery.server";
import { answerDelivery, type WebhookHandler, webhookAction } from "./integrations/shopify/webhook-route.server";

const HANDLERS: Record<WebhookTopic, WebhookHandler> = {
  // Orders: verify, record and enqueue in one transaction, answer at once.
  "orders/create": receiveOrderWebhook,
  "orders/paid": receiveOrderWebhook,
  "orders/updated": receiveOrderWebhook,
  "orders/cancelled": receiveOrderWebhook,
  // The catalogue's rows of the product follow the edit or the deletion (from the body; no Shopify call).
  "products/update": handleProductUpdate,
  "products/delete": handleProductDelete,
  // May arrive more than once, after the session is already gone, late (after a reinstall), or
  // replayed with fresh headers: only the signed body's timestamp is evidence of when it was sent.
  "app/uninstalled": ({ shop, rawBody }) => handleAppUninstalled(shop, { shopUpdatedAt: parseShopUpdatedAt(rawBody) }),
  // Mandatory compliance topics: act or queue, answer 200 at once.
  "customers/data_request": receiveComplianceWebhook,
  "customers/redact": receiveComplianceWebhook,
  "shop/redact": receiveComplianceWebhook,
};

/** The Remix route's action for `topic`. */
export const webhookRoute = (topic: WebhookTopic) => webhookAction(topic, HANDLERS[topic]);

/** Largest body a webhook may have: server.js stops reading past it. */
export const WEBHOOK_BODY_LIMIT = MAX_WEBHOOK_BODY_BYTES;

/** The topic a path receives (`/webhooks/orders/create` -> `orders/create`), or null for any other path. */
export function webhookTopicForPath(path: string): WebhookTopic | null {
  const topic = /^\/webhooks\/([a-z_]+\/[a-z_]+)\/?$/.exec(path)?.[1];
  return topic && Object.hasOwn(HANDLERS, topic) ? (topic as WebhookTopic) : null;
}

export type WebhookAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * A POST to a webhook path, its body read as raw bytes: verified on those bytes, handed to the
 * topic's domain function, answered as the Remix route would (401, 400, 503 with Retry-After, 200).
 * `Server-Timing` says how long the intake took, in milliseconds.
 */
export async function handleWebhook(topic: WebhookTopic, headers: Pick<Headers, "get">, body: Buffer): Promise<WebhookAnswer> {
  const started = performance.now();
  let response: Response;
  try {
    response = await answerDelivery(topic, HANDLERS[topic], verifyWebhookBytes(headers, body, { topic }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const answer: Record<string, string> = Object.fromEntries(response.headers);
  answer["Server-Timing"] = `intake;dur=${(performance.now() - started).toFixed(2)}`;
  return { status: response.status, headers: answer, body: response.body ? await response.text() : "" };
}
