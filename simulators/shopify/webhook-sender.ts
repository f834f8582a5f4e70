/**
 * The part of the Shopify twin that delivers webhooks: signed exactly as Shopify signs them
 * (HMAC-SHA256 of the raw body, base64, with the app's secret) and sent over HTTP, with the
 * delivery headers Shopify sets. A redelivery reuses the webhook and event ids, as Shopify does.
 */
import { createHmac, randomUUID } from "node:crypto";

export type WebhookDelivery = {
  topic: string;
  shop: string;
  body: unknown;
  webhookId?: string;
  eventId?: string;
};

export type SentDelivery = Required<Pick<WebhookDelivery, "webhookId" | "eventId">> & { status: number; ms: number };

export function createWebhookSender({ appUrl, secret, apiVersion = "2026-10" }: { appUrl: string; secret: string; apiVersion?: string }) {
  return async function send(delivery: WebhookDelivery): Promise<SentDelivery> {
    const raw = JSON.stringify(delivery.body);
    const webhookId = delivery.webhookId ?? randomUUID();
    const eventId = delivery.eventId ?? randomUUID();
    const started = performance.now();
    const response = await fetch(`${appUrl}/webhooks/${delivery.topic}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Topic": delivery.topic,
        "X-Shopify-Shop-Domain": delivery.shop,
        "X-Shopify-API-Version": apiVersion,
        "X-Shopify-Webhook-Id": webhookId,
        "X-Shopify-Event-Id": eventId,
        "X-Shopify-Triggered-At": new Date().toISOString(),
        "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(raw, "utf8").digest("base64"),
      },
      body: raw,
    });
    await response.arrayBuffer();
    return { webhookId, eventId, status: response.status, ms: performance.now() - started };
  };
}
