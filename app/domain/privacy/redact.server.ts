/**
 * customers/redact and shop/redact: the personal data the app stored is removed from every place
 * it went (the order's Shopify copy, the request sent to HyperSKU, HyperSKU's answer, the timeline,
 * errors, parcels, jobs, webhook evidence) while the non-personal evidence stays: ids, order name,
 * statuses, amounts, items, dates and the timeline's kinds.
 *
 * Redaction sticks: each redacted order gets a tombstone (RedactedOrder), also the orders Shopify
 * names that the app has not seen yet, and every intake path ignores later versions of a
 * tombstoned order (redacted-intake.server.ts). A tombstone is written before or together with
 * the anonymisation, under the order's lock, so a delivery racing the redaction is either seen
 * and erased by it, or comes after it and is ignored.
 *
 * On SQLite, erased values would otherwise survive in the files: an UPDATE frees the old row's
 * bytes without clearing them (earlier versions of the row too), and the write-ahead log keeps old
 * pages. So the rows are rewritten with `secure_delete` on (SQLite zeroes what it frees), and a
 * compaction job follows: VACUUM rebuilds the file without any free space, and a TRUNCATE
 * checkpoint empties the log (https://www.sqlite.org/pragma.html#pragma_secure_delete,
 * https://www.sqlite.org/lang_vacuum.html). It is a job because VACUUM takes the whole database
 * for a moment, which a webhook answer should not wait for. PostgreSQL reclaims dead rows with
 * (auto)vacuum.
 */
import { isUnsent } from "~/models/order-state";
import { cancelShopJobs, enqueue, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { compactSqliteFile, enableSecureDelete, isSqliteDatabase } from "~/models/database.server";
import { deleteAuthorizationStatesForShop } from "~/models/hypersku-authorization-state.server";
import { deleteTokenSet } from "~/models/hypersku-connection.server";
import { cancelPendingJobsFor, listJobsWithErrorFor, scrubJobError } from "~/models/job.server";
import { eraseOrderPersonalData, getOrder, listOrdersPage, readSnapshot, type Order, type OrderFilter } from "~/models/order.server";
import { addOrderEvent } from "~/models/order-event.server";
import { listOrderEvents, scrubOrderEvent } from "~/models/order-event.server";
import { listOrderParcels, scrubParcel } from "~/models/parcel.server";
import { recordRedactedOrders, type RedactionSource } from "~/models/redacted-order.server";
import { deleteSessionsForShop } from "~/models/session.server";
import { deleteVariantFactsForShop } from "~/models/variant-facts.server";
import { deleteCatalogueForShop } from "~/models/catalogue.server";
import { eraseNotificationAddresses } from "~/models/digest.server";
import { listDeliveriesWithProblem, scrubDeliveryProblem } from "~/models/webhook-delivery.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { listUnredactedCustomerDataRequests, redactCustomerDataRequests } from "~/models/customer-data-request.server";
import { anonymiseHyperskuResponse, anonymiseSentRequest, anonymiseSnapshot, collectPersonalValues, scrubText } from "./anonymise";
import { isSameSubject, subjectOfRequest, type DataSubject } from "./customer-match";
import { listSubjectsOrders } from "./data-request.server";
import { REDACTED_STATE_CODE, REDACTED_STATE_REASON } from "./redacted-intake.server";

const CHUNK = 100;

/** Runs `work` with SQLite zeroing what it frees, then queues the compaction of the file. */
async function erasingForGood<T>(work: () => Promise<T>): Promise<T> {
  if (!isSqliteDatabase()) return work();
  await enableSecureDelete();
  const result = await work();
  await enqueue(JOB_TYPES.compactDatabase);
  wakeWorkers();
  return result;
}

/** The compaction job: no erased value is left in free pages or in the write-ahead log. */
export async function compactDatabase(): Promise<void> {
  if (!isSqliteDatabase()) return;
  await compactSqliteFile();
}

async function redactOrder(found: Order, extra: (string | null)[], source: RedactionSource) {
  await runOrderTransaction(async (tx) => {
    // Under the order's lock, and read again: a delivery that was writing this order has finished,
    // and what it wrote is erased too.
    await lockOrder(tx, found.shop, found.shopifyOrderId);
    await recordRedactedOrders(found.shop, [found.shopifyOrderId], source, tx);
    const order = await getOrder(found.id, tx);
    if (!order) return;
    const values = collectPersonalValues(order, [...extra, ...collectPersonalValues(found)]);
    const scrub = (text: string | null) => scrubText(text, values);
    const unsent = isUnsent(order.state);
    await eraseOrderPersonalData(tx, order.id, {
      snapshot: JSON.stringify(anonymiseSnapshot(readSnapshot(order))),
      sentRequest: anonymiseSentRequest(order.sentRequest),
      hyperskuResponse: anonymiseHyperskuResponse(order.hyperskuResponse),
      lastError: scrub(order.lastError),
      flagReason: scrub(order.flagReason),
      ...(unsent
        ? {
            state: "skipped",
            stateCode: REDACTED_STATE_CODE,
            stateReason: REDACTED_STATE_REASON,
            forwardNotBefore: null,
            nextAttemptAt: null,
          }
        : { stateReason: scrub(order.stateReason) }),
    });
    const events = await listOrderEvents(tx, order.id);
    for (const event of events) {
      const message = scrub(event.message);
      const data = scrub(event.data);
      if (message !== event.message || data !== event.data) await scrubOrderEvent(tx, event.id, { message, data });
    }
    const parcels = await listOrderParcels(order.id, tx);
    for (const parcel of parcels) {
      const items = scrub(parcel.items)!;
      const fulfillmentError = scrub(parcel.fulfillmentError);
      if (items !== parcel.items || fulfillmentError !== parcel.fulfillmentError)
        await scrubParcel(tx, parcel.id, { items, fulfillmentError });
    }
    const jobs = await listJobsWithErrorFor(tx, order.id);
    for (const job of jobs) await scrubJobError(tx, job.id, scrub(job.lastError));
    // Nothing personal may leave after this: an unsent order's work stops, and an address change
    // waiting to be passed on to HyperSKU (it would read the erased address) is dropped.
    await cancelPendingJobsFor(tx, order.id, unsent ? undefined : JOB_TYPES.changeAddress);
    const deliveries = await listDeliveriesWithProblem(tx, order.shop, order.shopifyOrderId);
    for (const delivery of deliveries) await scrubDeliveryProblem(tx, delivery.id, scrub(delivery.problem));
    await addOrderEvent(tx, order.id, { kind: "privacy", outcome: "redacted", message: `Personal data erased (${source}).` });
  });
}

async function redactWhere(where: OrderFilter, extra: (string | null)[], source: RedactionSource): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (;;) {
    const orders = await listOrdersPage(where, CHUNK, cursor);
    for (const order of orders) await redactOrder(order, extra, source);
    count += orders.length;
    if (orders.length < CHUNK) return count;
    cursor = orders[orders.length - 1].id;
  }
}

/**
 * The customer's earlier data requests say they were redacted (there is nothing left to export) and
 * lose the e-mail and phone they held.
 */
async function redactDataRequestsOf(shop: string, subject: DataSubject) {
  const requests = await listUnredactedCustomerDataRequests(shop);
  const theirs = requests.filter((request) => isSameSubject(subjectOfRequest(request), subject)).map((request) => request.id);
  if (theirs.length > 0) await redactCustomerDataRequests(shop, theirs);
}

/**
 * customers/redact: the named orders and any others whose e-mail or phone is the customer's, exactly
 * (customer-match.ts: never a part of one, so bob@example.com is not jimbob@example.com). The named
 * ones are tombstoned first, also those the app has not received yet: when one arrives later it is
 * never stored with personal data nor sent.
 */
export async function redactCustomer(shop: string, subject: DataSubject): Promise<number> {
  await recordRedactedOrders(shop, [...subject.orderIds], "customers/redact");
  const count = await erasingForGood(async () => {
    await redactDataRequestsOf(shop, subject);
    const orders = await listSubjectsOrders(shop, subject);
    for (const order of orders) await redactOrder(order, [subject.email, subject.phone], "customers/redact");
    return orders.length;
  });
  logger.info({ shop, orders: count }, "customer data redacted");
  return count;
}

/**
 * shop/redact (48 hours after uninstalling): every order of the shop is anonymised, and its
 * sessions, HyperSKU tokens, queued work, cached product facts and catalogue are deleted. The shop row (settings) stays, so the
 * evidence keeps its context; its customers' data requests lose their e-mails and phones and say
 * they were redacted. Every order is tombstoned: after a reinstall, the shop's old orders
 * are not filled in again by webhooks, reconciliation or a past-orders run.
 */
export async function redactShop(shop: string): Promise<number> {
  const count = await erasingForGood(async () => {
    await deleteSessionsForShop(shop);
    await deleteTokenSet(shop);
    await deleteAuthorizationStatesForShop(shop);
    await eraseNotificationAddresses(shop);
    await cancelShopJobs(shop);
    await deleteVariantFactsForShop(shop);
    await deleteCatalogueForShop(shop);
    await redactCustomerDataRequests(shop, "all");
    return redactWhere({ shop }, [], "shop/redact");
  });
  logger.info({ shop, orders: count }, "shop data redacted");
  return count;
}
