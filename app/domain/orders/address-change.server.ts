/**
 * A shipping address changed in Shopify after the order reached HyperSKU: pass it on while HyperSKU
 * still allows it (before Shipping), otherwise flag it for the merchant in plain words.
 *
 * A job is queued only when a new Shopify version changes what the address is made of; the job then
 * compares the address as a new order would be mapped with the one HyperSKU holds (Order.sentRequest,
 * kept current after each successful update). So a Shopify update that does not touch the address
 * (tags, a fulfillment the app itself made) changes nothing, and the app never writes an address to
 * Shopify: no loop is possible. Runs as a queue job, never in the webhook.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { APP_UNINSTALLED_WAIT } from "~/domain/shops/uninstall.server";
import { ADDRESS_FLAGS } from "~/domain/tracking/order-flags";
import { clearOrderFlag, setOrderFlag } from "~/domain/tracking/order-flags.server";
import { refreshOrderStatus } from "~/domain/tracking/sync-orders.server";
import type { ExternalShippingAddress } from "~/integrations/hypersku/schemas";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { classifyHyperskuError, hyperskuJobOutcome } from "~/integrations/hypersku/job-outcome";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import type { Db } from "~/models/db-types";
import { getOrder, getOrderOrThrow, readSnapshot, recordSentAddress, type Order } from "~/models/order.server";
import { addOrderEvent } from "~/models/order-event.server";
import { getShop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { ORDER_PROBLEMS } from "./describe-problems";
import { describeHyperskuStatus, isBeforeShipping } from "./hypersku-status";
import { mapShippingAddress } from "./map-shipping-address";
import { serializeStoredHyperskuOrder } from "./stored-hypersku-order";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

/** While the forward job is still sending, the address it sends may be the old one: look again soon. */
const SENDING_RECHECK_MS = 60_000;
const RECONNECT_RECHECK_MS = 6 * 3600_000;

/** The address HyperSKU holds, as we last sent it; null when unknown. */
export function readSentAddress(order: Pick<Order, "sentRequest">): ExternalShippingAddress | null {
  if (!order.sentRequest) return null;
  try {
    return (JSON.parse(order.sentRequest) as { shippingAddress?: ExternalShippingAddress }).shippingAddress ?? null;
  } catch {
    return null;
  }
}

const canonical = (address: ExternalShippingAddress) =>
  JSON.stringify(
    Object.entries(address)
      .filter(([, value]) => value !== undefined && value !== null && value !== "")
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export const sameAddress = (a: ExternalShippingAddress, b: ExternalShippingAddress) => canonical(a) === canonical(b);

/** Everything the HyperSKU address is made from (map-shipping-address.ts), as one comparable value. */
const addressInputs = (snapshot: ShopifyOrderSnapshot) =>
  JSON.stringify([snapshot.shippingAddress, snapshot.email, snapshot.phone, snapshot.noteAttributes]);

/**
 * Called as a new version of an order that is at HyperSKU (or being sent) is stored, inside that
 * transaction, with the record as it was before: queues the address job when the buyer's address
 * changed in Shopify. Only a change in Shopify starts the job, so a later change in how the app maps
 * addresses never makes every old order look "changed".
 */
export async function queueAddressChangeIfNeeded(db: Db, order: Order, snapshot: ShopifyOrderSnapshot, now: Date): Promise<boolean> {
  if (order.state !== "sent" && order.state !== "sending") return false;
  if (snapshot.cancelledAt) return false; // cancellation is handled on its own
  if (addressInputs(readSnapshot(order)) === addressInputs(snapshot)) return false;
  await enqueue(JOB_TYPES.changeAddress, { shop: order.shop, subjectId: order.id, runAt: now }, db);
  return true;
}

async function flag(order: Order, code: (typeof ADDRESS_FLAGS)[number], reason: string, outcome: string) {
  await withTransaction(async (tx) => {
    await setOrderFlag(order.id, code, reason, tx);
    await addOrderEvent(tx, order.id, { kind: "address", outcome, message: reason });
  });
}

const afterShippingReason = (status: number | null, desc: string | null) =>
  `The shipping address was changed in Shopify after HyperSKU started shipping (HyperSKU status: ${describeHyperskuStatus(status, desc)?.name ?? "unknown"}). ` +
  "HyperSKU still ships to the old address; ask HyperSKU or the carrier to redirect the parcel if needed.";

async function recordUpdated(order: Order, address: ExternalShippingAddress, answer: unknown) {
  const request = order.sentRequest ? (JSON.parse(order.sentRequest) as Record<string, unknown>) : {};
  const response = order.hyperskuResponse ? (JSON.parse(order.hyperskuResponse) as Record<string, unknown>) : null;
  const sent = {
    sentRequest: JSON.stringify({ ...request, shippingAddress: address }),
    ...(response && answer && typeof answer === "object" && Object.keys(answer).length > 0
      ? { hyperskuResponse: serializeStoredHyperskuOrder({ ...response, orderAddressInfo: answer }) }
      : {}),
  };
  await withTransaction(async (tx) => {
    await recordSentAddress(tx, order.id, sent);
    await clearOrderFlag(order.id, ADDRESS_FLAGS, tx);
    await addOrderEvent(tx, order.id, {
      kind: "address",
      outcome: "updated",
      message: "The shipping address changed in Shopify; HyperSKU now has the new address.",
    });
  });
}

/** The address job: re-reads the order, compares, and updates HyperSKU or flags the order. */
export async function changeAddressAtHypersku(orderId: string): Promise<JobOutcome> {
  const order = await getOrder(orderId);
  if (!order) return { kind: "done" };
  const shop = await getShop(order.shop);
  if (!shop) return { kind: "done" };
  if (shop.uninstalledAt) return { kind: "reschedule", runAt: new Date(Date.now() + RECONNECT_RECHECK_MS), note: APP_UNINSTALLED_WAIT };
  if (order.state === "sending")
    return { kind: "reschedule", runAt: new Date(Date.now() + SENDING_RECHECK_MS), note: "Waiting for the order to reach HyperSKU." };
  if (order.state !== "sent") return { kind: "done" };

  const snapshot = readSnapshot(order);
  if (snapshot.cancelledAt) return { kind: "done" };
  const wanted = mapShippingAddress(snapshot);
  if (!wanted.ok) {
    const problems = wanted.codes.map((code) => ORDER_PROBLEMS[code].problem).join(" ");
    await flag(
      order,
      "address_change_unusable",
      `The shipping address was changed in Shopify, but the new one cannot be sent: ${problems} HyperSKU still has the old address.`,
      "unusable",
    );
    return { kind: "done" };
  }
  const held = readSentAddress(order);
  if (held && sameAddress(wanted.address, held)) {
    await clearOrderFlag(order.id, ADDRESS_FLAGS);
    return { kind: "done" };
  }
  if (order.hyperskuStatus !== null && !isBeforeShipping(order.hyperskuStatus)) {
    await flag(order, "address_changed_after_shipping", afterShippingReason(order.hyperskuStatus, order.hyperskuStatusDesc), "too_late");
    return { kind: "done" };
  }
  const hyperskuOrderId = Number(order.hyperskuOrderId);
  if (!Number.isSafeInteger(hyperskuOrderId) || hyperskuOrderId <= 0) {
    await flag(
      order,
      "address_change_refused",
      "The shipping address was changed in Shopify, but the app does not know HyperSKU's number for this order. Change the address in HyperSKU yourself.",
      "refused",
    );
    return { kind: "done" };
  }

  try {
    // The full address replaces HyperSKU's: sending it twice is harmless, so a retry is safe.
    const answer = await withHyperskuAccess(shop.domain, (auth) =>
      getHypersku().client.updateOrderAddress(auth, { orderId: hyperskuOrderId, ...wanted.address }),
    );
    await recordUpdated(order, wanted.address, answer);
    return { kind: "done" };
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    if (classifyHyperskuError(error) === "rejected") {
      const status = await refreshOrderStatus(shop.domain, order).catch(() => order.hyperskuStatus);
      if (status !== null && !isBeforeShipping(status)) {
        const fresh = await getOrderOrThrow(order.id);
        await flag(fresh, "address_changed_after_shipping", afterShippingReason(status, fresh.hyperskuStatusDesc), "too_late");
      } else {
        await flag(
          order,
          "address_change_refused",
          `HyperSKU did not accept the new shipping address: ${error.message} Change it in HyperSKU yourself.`,
          "refused",
        );
      }
      return { kind: "done" };
    }
    return hyperskuJobOutcome(error);
  }
}
