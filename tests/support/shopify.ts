/**
 * Signed Shopify requests for tests made in-process, built on @shopify/shopify-api's own test
 * helpers; the offline keys and session tokens come from the dev harness.
 */
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { BROWSER_USER_AGENT, createSessionToken, embeddedAppUrl } from "../../simulators/harness/embedded-admin";
import { API_KEY, API_SECRET_KEY, APP_URL, BASE64_HOST, TEST_SHOP } from "../../simulators/harness/offline-keys";

export { API_KEY, API_SECRET_KEY, APP_URL, BASE64_HOST, BROWSER_USER_AGENT, TEST_SHOP, createSessionToken, embeddedAppUrl };

let webhookSequence = 0;

export type WebhookRequestOptions = {
  topic: string;
  body: unknown;
  shop?: string;
  path?: string;
  webhookId?: string;
  eventId?: string;
  secret?: string;
  /** Replace the computed signature, e.g. to forge one. `null` leaves the header out. */
  hmac?: string | null;
};

/** A webhook delivery as Shopify sends it: raw JSON body, HMAC of that body, topic headers. */
export function createWebhookRequest(options: WebhookRequestOptions): Request {
  const raw = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const sequence = ++webhookSequence;
  const headers = new Headers({
    "Content-Type": "application/json",
    "X-Shopify-Topic": options.topic,
    "X-Shopify-Shop-Domain": options.shop ?? TEST_SHOP,
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": options.webhookId ?? `webhook-${process.pid}-${sequence}`,
    "X-Shopify-Event-Id": options.eventId ?? `event-${process.pid}-${sequence}`,
    "X-Shopify-Triggered-At": new Date().toISOString(),
  });
  const hmac = options.hmac === undefined ? getHmac(raw, options.secret ?? API_SECRET_KEY) : options.hmac;
  if (hmac !== null) headers.set("X-Shopify-Hmac-Sha256", hmac);
  const path = options.path ?? `/webhooks/${options.topic.replace(/\//g, ".")}`;
  return new Request(`${APP_URL}${path}`, { method: "POST", headers, body: raw });
}

/** An embedded document request, as the browser inside the admin sends it. */
export async function createEmbeddedRequest(pathname: string, shop = TEST_SHOP): Promise<Request> {
  return new Request(await embeddedAppUrl(pathname, shop), { headers: { "User-Agent": BROWSER_USER_AGENT } });
}

/** A fetch from an embedded page or an admin extension: Bearer session token. */
export async function createBearerRequest(url: string, shop = TEST_SHOP, init: RequestInit = {}): Promise<Request> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await createSessionToken(shop)}`);
  headers.set("User-Agent", BROWSER_USER_AGENT);
  return new Request(url.startsWith("http") ? url : `${APP_URL}${url}`, { ...init, headers });
}
