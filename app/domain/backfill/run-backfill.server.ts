/**
 * "Send past orders": a run over a date range, as a queue job. Each step reads a few pages of the
 * range's orders from Shopify and imports every order through the same path as a webhook
 * (applyOrderSnapshot, source "backfill"), so the forwarding rules decide and an order already at
 * HyperSKU is never sent again.
 *
 * Exact counts across crashes: each order's import, the run's counters and its resume position
 * (Shopify's page cursor + how many orders of that page are done) are written in one transaction.
 * A step that dies half-way resumes after the last order it finished, never counting one twice.
 */
import { applyOrderSnapshot } from "~/domain/orders/apply-snapshot.server";
import { parseGraphqlOrder } from "~/domain/orders/parse-graphql-order";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { shopifyJobOutcome } from "~/integrations/shopify/job-outcome";
import { enqueue, findQueuedJob, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import {
  countImportedOrder,
  createBackfill,
  finishBackfill,
  findRunningBackfill,
  getBackfill,
  getBackfillOrThrow,
  saveBackfillCursor,
} from "~/models/backfill.server";
import { findOrderByShopifyId } from "~/models/order.server";
import { getShop, readShopForPlanning, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import type { DateRange } from "./date-range";
import { addReason, classifyImportedOrder, parsePosition, type BackfillPosition, type ImportOutcome } from "./outcomes";
import { countPastOrders, fetchPastOrdersPage } from "./shopify-past-orders.server";

/** Pages per job step: a step stays well inside the job lease, and progress shows often. */
const PAGES_PER_STEP = 2;

export type StartResult = { ok: true; backfillId: string; total: number } | { ok: false; message: string };

/** A run whose job is gone (its worker gave up without a word) is closed, so a new one can start. */
async function closeAbandonedRun(shop: string) {
  const running = await findRunningBackfill(shop);
  if (!running) return false;
  const job = await findQueuedJob(JOB_TYPES.backfillOrders, shop);
  if (job) return true;
  await finishBackfill(running.id, "failed", "The run stopped unexpectedly.");
  return false;
}

export async function startBackfill(shop: string, range: DateRange): Promise<StartResult> {
  if (await closeAbandonedRun(shop)) return { ok: false, message: "A run is already in progress. Wait for it to finish." };
  const { count, capped } = await countPastOrders(shop, range);
  if (capped) return { ok: false, message: "This range holds more than 10,000 orders. Choose a shorter range and run it in parts." };
  if (count === 0) return { ok: false, message: "Shopify has no orders created in this range." };

  const created = await withTransaction(async (tx) => {
    // Checked again inside the transaction: two clicks cannot start two runs.
    if (await findRunningBackfill(shop, tx)) return null;
    const backfill = await createBackfill(tx, { shop, createdFrom: range.from, createdTo: range.to, total: count });
    // No `shop` on the job: the per-shop limit paces HyperSKU calls, and a run only reads Shopify
    // and writes rows; it must not wait behind the very orders it queues. (A run of an
    // uninstalled shop stops at its next step.)
    await enqueue(JOB_TYPES.backfillOrders, { subjectId: shop }, tx);
    return backfill;
  });
  if (!created) return { ok: false, message: "A run is already in progress. Wait for it to finish." };
  wakeWorkers();
  return { ok: true, backfillId: created.id, total: count };
}

/** Imports one order and records it on the run, in one transaction. `shop`: read at the step's start. */
async function importOrder(backfillId: string, shop: Shop, node: unknown, position: BackfillPosition, now: Date): Promise<ImportOutcome> {
  const shopDomain = shop.domain;
  return withTransaction(async (tx) => {
    const parsed = parseGraphqlOrder(node);
    let outcome: ImportOutcome;
    if (!parsed.ok) {
      outcome = { kind: "failed", reason: "unreadable" };
    } else {
      const snapshot = parsed.value;
      const known = await findOrderByShopifyId(shopDomain, snapshot.shopifyOrderId, tx);
      const newer =
        !known || !known.shopifyUpdatedAt || !snapshot.updatedAt || Date.parse(snapshot.updatedAt) > known.shopifyUpdatedAt.getTime();
      // A version the app already holds changes nothing: it is not applied again (no timeline noise).
      if (newer) await applyOrderSnapshot(tx, await readShopForPlanning(tx, shopDomain), snapshot, "backfill", now);
      const record = await findOrderByShopifyId(shopDomain, snapshot.shopifyOrderId, tx);
      outcome = record ? classifyImportedOrder(record) : { kind: "failed", reason: "not_recorded" };
    }
    const run = await getBackfillOrThrow(tx, backfillId);
    await countImportedOrder(tx, backfillId, {
      outcome: outcome.kind,
      ...(outcome.kind === "skipped" ? { skippedReasons: addReason(run.skippedReasons, outcome.reason) } : {}),
      cursor: JSON.stringify({ after: position.after, done: position.done + 1 }),
    });
    return outcome;
  });
}

type Attempt = { attempt: number; maxAttempts: number };

/** The job's step: the shop's running run, if any (the job is one per shop; its subject is the shop). */
export async function runShopBackfillStep(shop: string, attempt: Attempt, now = new Date()): Promise<JobOutcome> {
  const run = await findRunningBackfill(shop);
  return run ? runBackfillStep(run.id, attempt, now) : { kind: "done" };
}

/** One step of a run: a few pages, then the job comes back for the rest. */
export async function runBackfillStep(backfillId: string, attempt: Attempt, now = new Date()): Promise<JobOutcome> {
  const run = await getBackfill(backfillId);
  if (!run || run.status !== "running") return { kind: "done" };
  const shop = await getShop(run.shop);
  if (!shop || shop.uninstalledAt) {
    await finishBackfill(
      run.id,
      "failed",
      "The app was uninstalled during the run. The orders it had imported are kept; after reinstalling, start it again for the rest (no order is sent twice).",
    );
    return { kind: "done" };
  }
  const range = { from: run.createdFrom, to: run.createdTo };
  let position = parsePosition(run.cursor);
  let queuedAny = false;
  try {
    for (let page = 0; page < PAGES_PER_STEP; page += 1) {
      const orders = await fetchPastOrdersPage(run.shop, range, position.after);
      for (const node of orders.nodes.slice(position.done)) {
        const outcome = await importOrder(run.id, shop, node, position, now);
        queuedAny ||= outcome.kind === "queued";
        position = { ...position, done: position.done + 1 };
      }
      if (!orders.pageInfo.hasNextPage || !orders.pageInfo.endCursor) {
        await finishBackfill(run.id, "done");
        return { kind: "done" };
      }
      position = { after: orders.pageInfo.endCursor, done: 0 };
      await saveBackfillCursor(run.id, JSON.stringify(position));
    }
    return { kind: "reschedule", runAt: new Date(), note: "next pages" };
  } catch (error) {
    const fromShopify = error instanceof ShopifyGraphqlError;
    const outcome = fromShopify ? shopifyJobOutcome(error) : null;
    // Throttled: waiting for Shopify, not a failed attempt.
    if (outcome?.kind === "reschedule") return outcome;
    if (attempt.attempt >= attempt.maxAttempts) {
      const message = fromShopify ? `Shopify did not return the orders: ${error.message}` : "The run stopped on an unexpected error.";
      await finishBackfill(run.id, "failed", message);
      return { kind: "fail", error: message };
    }
    if (outcome) return outcome;
    throw error;
  } finally {
    if (queuedAny) wakeWorkers();
  }
}
