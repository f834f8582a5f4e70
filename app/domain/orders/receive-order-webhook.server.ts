/**
 * An order webhook, after its HMAC was verified: record the delivery and fold the order into its
 * forwarding record, with the work to do, in one transaction. Never calls HyperSKU. A repeat is
 * acknowledged without processing; a malformed payload is recorded with a plain reason.
 */
import type { VerifiedDelivery } from "~/integrations/shopify/webhook-delivery.server";
import { wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { isUniqueViolationOn, lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { readShopForPlanning } from "~/models/shop.server";
import { findDelivery, recordDelivery } from "~/models/webhook-delivery.server";
import { applyOrderSnapshot } from "./apply-snapshot.server";
import { parseRestOrderWebhook } from "./parse-rest-order";

const isRepeatedDelivery = (error: unknown) => isUniqueViolationOn(error, "WebhookDelivery", ["webhookId", "eventId"]);

export type IntakeOutcome = "processed" | "duplicate" | "invalid";

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** The order id, when even a malformed payload carries one, so the evidence can be found. */
function orderIdOf(value: unknown): string | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

export async function receiveOrderWebhook(delivery: VerifiedDelivery, now = new Date()): Promise<IntakeOutcome> {
  const { shop, topic, webhookId, eventId, triggeredAt } = delivery;
  if (await findDelivery(shop, topic, webhookId, eventId)) return "duplicate";
  const base = { shop, topic, webhookId, eventId, triggeredAt };

  const json = parseJson(delivery.rawBody);
  const parsed = json.ok ? parseRestOrderWebhook(json.value) : null;
  try {
    if (!parsed || !parsed.ok) {
      const problem = parsed
        ? parsed.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ")
        : "The payload is not valid JSON.";
      await recordDelivery({ ...base, outcome: "invalid", problem, shopifyOrderId: json.ok ? orderIdOf(json.value) : null });
      logger.warn({ shop, topic, webhookId, problem }, "order webhook payload could not be used");
      return "invalid";
    }
    const snapshot = parsed.value;
    // Locked per order and retried: two different deliveries of one order (orders/create and
    // orders/paid arriving together) must both be applied, never one dropped as a "duplicate".
    await runOrderTransaction(
      async (tx) => {
        await recordDelivery({ ...base, outcome: "processed", shopifyOrderId: snapshot.shopifyOrderId }, tx);
        const shopRecord = await readShopForPlanning(tx, shop);
        await lockOrder(tx, shop, snapshot.shopifyOrderId);
        await applyOrderSnapshot(tx, shopRecord, snapshot, topic, now);
      },
      { isFinal: isRepeatedDelivery },
    );
  } catch (error) {
    // Two copies of one delivery racing: the loser's insert hits the webhook's unique ids.
    if (isRepeatedDelivery(error)) return "duplicate";
    throw error;
  }
  wakeWorkers();
  return "processed";
}
