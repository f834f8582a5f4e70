/**
 * The domain's one door to the queue: the app's job types, and the queue operations the domain
 * needs, by type. Each type has one definition in a `*.job.ts` file beside this one (its subject,
 * retry policy and run); a job is (type, subject), queued at most once while pending or running.
 */
import type { LeanTx } from "~/models/db-types";
import type { PreparedInsert } from "~/models/transactions.server";
import { cancelJobs, type Db, enqueue as enqueueInQueue, findJob, prepareEnqueueOfNewSubject, releaseJobs } from "~/queue";

/** Work was just queued: a worker in this process looks now instead of at its next poll. */
export { wakeWorkers } from "~/queue";

export const JOB_TYPES = {
  /** Send an order to HyperSKU; subject: the order. */
  forwardOrder: "forward_order",
  /** Compare a shop's recent Shopify orders with what the app holds; subject: the shop. */
  reconcileOrders: "reconcile_orders",
  /** Refresh the HyperSKU tokens about to expire, of every shop; no subject. */
  refreshHyperskuTokens: "refresh_hypersku_tokens",
  /** Ask HyperSKU about a shop's due orders (status, parcels); subject: the shop. */
  syncOrders: "sync_orders",
  /** Make the Shopify fulfillments and tracking updates of an order's parcels; subject: the order. */
  fulfillParcels: "fulfill_parcels",
  /** Pass a shipping address changed in Shopify on to HyperSKU; subject: the order. */
  changeAddress: "change_address_at_hypersku",
  /** Cancel at HyperSKU an order cancelled in Shopify; subject: the order. */
  cancelAtHypersku: "cancel_at_hypersku",
  /** Look for a late second copy at HyperSKU of an order sent again, and cancel it; subject: the order. */
  watchDuplicateCopies: "watch_duplicate_copies",
  /** shop/redact: anonymise everything stored for a shop; subject: the shop. */
  redactShop: "redact_shop",
  /** After a redaction: rebuild the SQLite file so erased values leave its free space too; no subject. */
  compactDatabase: "compact_database",
  /** "Send past orders": the next step of the shop's running import; subject: the shop (one run at a time). */
  backfillOrders: "backfill_orders",
  /** Look at what needs the merchant and mail the shop's notification digest if due; subject: the shop. */
  sendDigest: "send_digest",
  /** Read the store's catalogue and HyperSKU's side of it (app/domain/catalogue); subject: the shop (one run at a time). */
  catalogueSync: "catalogue_sync",
} as const;

export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES];

export interface EnqueueOptions {
  /** The order id or shop domain the job re-reads its state from; omitted for jobs without one. */
  subjectId?: string;
  /** The shop whose per-shop limits the job counts against (omit for work that must not wait on them). */
  shop?: string | null;
  runAt?: Date;
}

/** Queues (type, subject) inside `db` (the caller's transaction when given one); a held pair is reused. */
export function enqueue(type: JobType, options: EnqueueOptions = {}, db?: Db): Promise<{ id: string; created: boolean }> {
  return enqueueInQueue({ type, ...options }, db);
}

/**
 * enqueue for a subject created in the same lean transaction (a new order), prepared to be
 * inserted together with it (insertTogether).
 */
export function prepareEnqueueForNew(type: JobType, options: EnqueueOptions & { subjectId: string }, tx: LeanTx): PreparedInsert {
  return prepareEnqueueOfNewSubject({ type, ...options }, tx);
}

/** The pending or running job of (type, subject), if any. */
export const findQueuedJob = (type: JobType, subjectId?: string, db?: Db) => findJob(type, subjectId, db);

/** A shop's pending jobs (of these types) become due now, e.g. it reconnected. Returns how many. */
export async function releaseShopJobs(shop: string, types: readonly JobType[], db?: Db): Promise<number> {
  let released = 0;
  for (const type of types) released += await releaseJobs({ shop, type }, db);
  return released;
}

/** A shop's pending jobs (of these types, default all) are dropped. Returns how many. */
export async function cancelShopJobs(shop: string, types?: readonly JobType[], db?: Db): Promise<number> {
  if (!types) return cancelJobs({ shop }, db);
  let cancelled = 0;
  for (const type of types) cancelled += await cancelJobs({ shop, type }, db);
  return cancelled;
}
