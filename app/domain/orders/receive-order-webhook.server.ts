/**
 * An order webhook, after its HMAC was verified: record the delivery and fold the order into its
 * forwarding record, with the work to do, in one transaction. Never calls HyperSKU. A repeat is
 * acknowledged without processing; a malformed payload is recorded with a plain reason.
 *
 * A new order (the common case, and all of a busy day's orders/create) takes the lean path
 * (docs/decisions/0025): one transaction of a fixed few statements through the query builder,
 * where the delivery's insert comes first and a repeat stops there; the order, its timeline and
 * its job are inserted together. On PostgreSQL the transaction waits for the network twice: BEGIN,
 * the delivery and the shop's read travel together, then the inserts (one statement) and COMMIT.
 * Anything else (an order the app already holds, a redacted one, a shop without a row yet) is
 * rolled back and folded in by applyOrderSnapshot through Prisma, as before.
 */
import type { VerifiedDelivery } from "~/integrations/shopify/webhook-delivery.server";
import { logger } from "~/logger.server";
import { isUniqueViolationOn, lockOrder, runLeanOrderTransaction, runOrderTransaction } from "~/models/transactions.server";
import { readShopForPlanning } from "~/models/shop.server";
import { findDelivery, recordDelivery } from "~/models/webhook-delivery.server";
import { readShopForNewOrder, recordDeliveryAndLockOrder } from "~/models/intake.server";
import { prepareNewOrder, snapshotColumns } from "~/models/order.server";
import { prepareOrderEvents } from "~/models/order-event.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { JOB_TYPES, prepareEnqueueForNew, wakeWorkers } from "~/domain/enqueue.server";
import { applyOrderSnapshot, firstOrderEvents, planColumns } from "./apply-snapshot.server";
import { settlePaidAt } from "./paid-at";
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

/** Thrown inside the lean transaction to roll it back: the order is not new, the ORM path takes it. */
class NotANewOrder extends Error {}

/**
 * The lean path: the delivery, the new order planned, its first two timeline entries and its job,
 * in one transaction. "fallback": nothing was written, the order is not new.
 */
async function receiveNewOrder(delivery: VerifiedDelivery, received: ShopifyOrderSnapshot, now: Date): Promise<IntakeOutcome | "fallback"> {
  const { shop, topic, webhookId, eventId, triggeredAt } = delivery;
  const shopifyOrderId = received.shopifyOrderId;
  try {
    return await runLeanOrderTransaction<IntakeOutcome>(async (tx) => {
      const record = { shop, topic, webhookId, eventId, triggeredAt, outcome: "processed" as const, shopifyOrderId };
      // Issued together, in this order (on PostgreSQL they travel with the BEGIN): the read runs once
      // the delivery's locks are granted, so it sees any connect or disconnect that came before.
      const [recorded, read] = await Promise.all([
        recordDeliveryAndLockOrder(tx, record, now),
        readShopForNewOrder(tx, shop, shopifyOrderId),
      ]);
      if (!recorded) return { result: "duplicate" };
      if (!read || read.orderKnown) throw new NotANewOrder();
      const shopRecord = read.shop;
      const snapshot = settlePaidAt(received, () => null);
      const { plan, columns: planned } = planColumns(shopRecord, snapshot, now);
      const order = prepareNewOrder(tx, { shop, shopifyOrderId, ...snapshotColumns(snapshot, now), ...planned }, now);
      const inserts = [order.insert, prepareOrderEvents(tx, firstOrderEvents(order.id, plan, topic, now))];
      if (plan.state === "scheduled") {
        inserts.push(prepareEnqueueForNew(JOB_TYPES.forwardOrder, { shop, subjectId: order.id, runAt: plan.forwardNotBefore ?? now }, tx));
      }
      // They end the transaction: on PostgreSQL, one statement sent with the COMMIT.
      return { result: "processed", inserts };
    });
  } catch (error) {
    if (error instanceof NotANewOrder) return "fallback";
    throw error;
  }
}

export async function receiveOrderWebhook(delivery: VerifiedDelivery, now = new Date()): Promise<IntakeOutcome> {
  const { shop, topic, webhookId, eventId, triggeredAt } = delivery;
  const json = parseJson(delivery.rawBody);
  const parsed = json.ok ? parseRestOrderWebhook(json.value) : null;
  if (parsed?.ok) {
    const outcome = await receiveNewOrder(delivery, parsed.value, now);
    if (outcome === "processed") wakeWorkers();
    if (outcome !== "fallback") return outcome;
  }

  if (await findDelivery(shop, topic, webhookId, eventId)) return "duplicate";
  const base = { shop, topic, webhookId, eventId, triggeredAt };
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
