/**
 * The webhooks the Shopify twin owes the app. Shopify sends a topic only to apps subscribed to it,
 * some seconds after the change, once per event (a redelivery reuses the webhook and event ids), and
 * in no promised order ("Webhooks aren't always delivered in order": shopify.dev, webhooks best
 * practices). So the twin queues each event for the topics the app subscribes to in
 * `shopify.app.toml` (the same file Shopify reads on deploy), and a test decides when, in what order
 * and how many times they arrive: `deliver()` sends everything waiting, in order; `take()` hands the
 * waiting events to the test to shuffle, repeat or drop.
 */
import fs from "node:fs";
import path from "node:path";
import type { WebhookDelivery } from "./webhook-sender";
import { randomUUID } from "node:crypto";

/** The topics shopify.app.toml subscribes to (`topics = [...]` and `compliance_topics = [...]`). */
export function subscribedTopics(tomlPath = path.resolve("shopify.app.toml")): Set<string> {
  const text = fs.readFileSync(tomlPath, "utf8");
  const topics = new Set<string>();
  for (const match of text.matchAll(/^\s*(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/gm))
    for (const topic of match[1].matchAll(/"([^"]+)"/g)) topics.add(topic[1]);
  return topics;
}

export type PendingWebhook = Required<WebhookDelivery>;
export type WebhookSend = (delivery: PendingWebhook) => Promise<{ status: number }>;

export class WebhookOutbox {
  /** Every event the twin raised, subscribed or not, in order (what a test asserts Shopify would send). */
  readonly raised: { topic: string; shop: string; subscribed: boolean }[] = [];
  /** Deliveries sent, with the app's answer. */
  readonly delivered: (PendingWebhook & { status: number })[] = [];
  private pending: PendingWebhook[] = [];

  constructor(private readonly topics: ReadonlySet<string> = subscribedTopics()) {}

  /** Shopify raises `topic` for the shop; it is queued only when the app subscribes to it. */
  raise(shop: string, topic: string, body: unknown) {
    const subscribed = this.topics.has(topic);
    this.raised.push({ topic, shop, subscribed });
    if (subscribed) this.pending.push({ shop, topic, body: structuredClone(body), webhookId: randomUUID(), eventId: randomUUID() });
  }

  /** The deliveries waiting, taken out of the queue (a test may reorder, repeat or drop them). */
  take(filter: (delivery: PendingWebhook) => boolean = () => true): PendingWebhook[] {
    const taken = this.pending.filter(filter);
    this.pending = this.pending.filter((delivery) => !filter(delivery));
    return taken;
  }

  /** Topics waiting, in order. */
  waiting(): string[] {
    return this.pending.map((delivery) => delivery.topic);
  }

  /** Sends these deliveries (by default everything waiting) one after another; a non-2xx answer fails the call. */
  async deliver(send: WebhookSend, deliveries: PendingWebhook[] = this.take()): Promise<number> {
    for (const delivery of deliveries) {
      const { status } = await send(delivery);
      this.delivered.push({ ...delivery, status });
      if (status < 200 || status >= 300) throw new Error(`the app answered ${status} to ${delivery.topic} (${delivery.webhookId})`);
    }
    return deliveries.length;
  }
}
