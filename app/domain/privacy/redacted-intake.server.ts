/**
 * Redaction sticks: a version of an order whose customer's data was erased (customers/redact,
 * shop/redact) that arrives later, by webhook, reconciliation or a past-orders run, is ignored.
 * Nothing personal is stored, nothing is queued or sent; the timeline says a version was ignored.
 * An order Shopify named for redaction that the app sees for the first time is kept as an
 * anonymised record, so the merchant sees why it was not sent.
 */
import type { Db } from "~/models/db-types";
import { queueCancellationIfNeeded } from "~/domain/orders/cancel-at-hypersku.server";
import { createOrder, findOrderByShopifyId, readSnapshot, snapshotColumns, storeOrderVersion } from "~/models/order.server";
import { addOrderEvent } from "~/models/order-event.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { anonymiseSnapshot } from "./anonymise";

export const REDACTED_STATE_CODE = "customer_redacted";
export const REDACTED_STATE_REASON =
  "The customer's personal data was erased at Shopify's request, so this order will not be sent to HyperSKU.";

export async function ignoreRedactedVersion(
  db: Db,
  shop: string,
  snapshot: ShopifyOrderSnapshot,
  source: string,
  now: Date,
): Promise<"redacted"> {
  const existing = await findOrderByShopifyId(shop, snapshot.shopifyOrderId, db);
  const { shopifyUpdatedAt, ...anonymised } = snapshotColumns(anonymiseSnapshot(snapshot), now);
  if (!existing) {
    const order = await createOrder(db, {
      shop,
      shopifyOrderId: snapshot.shopifyOrderId,
      ...anonymised,
      shopifyUpdatedAt,
      state: "skipped",
      stateCode: REDACTED_STATE_CODE,
      stateReason: REDACTED_STATE_REASON,
    });
    await addOrderEvent(db, order.id, {
      kind: "ignored_redacted",
      message: `First received from Shopify (${source}) after the customer's data was erased; only non-personal details were kept, and it will not be sent.`,
      data: { source },
      at: now,
    });
    return "redacted";
  }
  // Only non-personal facts move on: the version's date, so reconciliation and past-orders runs do
  // not take the same version for a new one again and again; and a cancellation of an order
  // HyperSKU already has, which HyperSKU must still hear about (it needs no personal data).
  const stored = readSnapshot(existing);
  const cancelled =
    snapshot.cancelledAt && !stored.cancelledAt ? { snapshot: JSON.stringify({ ...stored, cancelledAt: snapshot.cancelledAt }) } : {};
  const newer =
    shopifyUpdatedAt && (!existing.shopifyUpdatedAt || shopifyUpdatedAt > existing.shopifyUpdatedAt) ? { shopifyUpdatedAt } : {};
  if (cancelled.snapshot || newer.shopifyUpdatedAt) await storeOrderVersion(db, existing.id, { ...cancelled, ...newer });
  if (cancelled.snapshot) await queueCancellationIfNeeded(existing, snapshot, now, db);
  await addOrderEvent(db, existing.id, {
    kind: "ignored_redacted",
    message: `A later version arrived (${source}) after the customer's data was erased; ignored.`,
    data: { source },
  });
  return "redacted";
}
