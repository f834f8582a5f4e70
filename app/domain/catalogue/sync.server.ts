/**
 * The catalogue sync (docs/decisions/0026): one run per shop at a time, as steps of the catalogue_sync
 * job. Phase "shopify" pages the store's variants (Admin GraphQL) into CatalogueVariant rows, a page per
 * transaction with the run's cursor, so a step that dies resumes after the last page it saved; rows
 * Shopify did not list become DELETED. Phase "hypersku" pages the merchant's private products and
 * writes HyperSKU's side (sourcing, SKU, cost, stock, where it ships) on the rows they link to; rows no
 * private product mentions become not_linked. Memory holds one page at a time. A product HyperSKU
 * describes with numbers the app cannot use (catalogue-schemas.ts bounds them) is skipped: its rows keep
 * the last good read, and the run, which goes on, names it on the Products page when it finishes.
 * Whatever goes wrong, a run never stays "running" once its job has stopped trying.
 *
 * Started by "Sync now", by the scheduler for a connected shop never synced (so, within a minute of
 * connecting HyperSKU) and every CATALOGUE_SYNC_EVERY_MS after the last run.
 */
import { HyperskuError } from "~/integrations/hypersku/errors";
import { hyperskuJobOutcome } from "~/integrations/hypersku/job-outcome";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { shopifyJobOutcome } from "~/integrations/shopify/job-outcome";
import { countCatalogueVariants, fetchCatalogueVariantsPage } from "~/integrations/shopify/products.server";
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { enqueue, findQueuedJob, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";
import {
  beginCatalogueSync,
  finishCatalogueSync,
  getCatalogueSync,
  keepHyperskuSideOfProducts,
  listShopsDueCatalogueSync,
  markUnmentionedNotLinked,
  markUnseenDeleted,
  saveCatalogueSyncNotice,
  saveCatalogueSyncProgress,
  saveShopifySide,
  type CatalogueSyncRow,
} from "~/models/catalogue.server";
import { isStorageFault } from "~/models/storage-fault";
import { getShop, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import type { JobOutcome } from "~/queue";
import { noteCatalogueChanges } from "./changes.server";
import { toShopifySideRow } from "./shopify-side";
import { saveHyperskuPage } from "./save-hypersku-page.server";
import { pushInventory } from "./inventory.server";
import { addToSkippedNotice } from "./skipped-notice";

/**
 * How often a connected shop's catalogue is read again on its own (HyperSKU's stock and costs move
 * daily): CATALOGUE_SYNC_HOURS, 6 unless set; 0 turns automatic syncs off (Sync now only).
 */
export const CATALOGUE_SYNC_EVERY_MS = env.CATALOGUE_SYNC_HOURS * 3600_000;
/** Private products per getPrivateProduct page. */
const HYPERSKU_PAGE_SIZE = 50;
/** A step stops after this long and the job comes back at once: well inside the job's lease. */
const STEP_BUDGET_MS = 20_000;

export type StartCatalogueSyncResult = { started: boolean; message: string };

/** A running run whose job is gone (its worker gave up) is closed, so a new one can start. */
async function isRunning(shop: string): Promise<boolean> {
  const sync = await getCatalogueSync(shop);
  if (sync?.state !== "running") return false;
  if (await findQueuedJob(JOB_TYPES.catalogueSync, shop)) return true;
  await finishCatalogueSync(shop, { ok: false, error: "The sync stopped unexpectedly." }, new Date());
  return false;
}

export async function startCatalogueSync(shop: string, now = new Date()): Promise<StartCatalogueSyncResult> {
  if (await isRunning(shop)) return { started: false, message: "A sync is already running." };
  await withTransaction(async (tx) => {
    await beginCatalogueSync(shop, now, tx);
    // No `shop` on the job: per-shop limits pace order work, which must not wait behind a long read.
    await enqueue(JOB_TYPES.catalogueSync, { subjectId: shop, runAt: now }, tx);
  });
  wakeWorkers();
  return { started: true, message: "Sync started." };
}

type Attempt = { attempt: number; maxAttempts: number };
type StepOptions = { now?: () => Date; budgetMs?: number };

/** The job's step: the shop's running sync, if any. */
export async function runCatalogueSyncStep(shop: string, attempt: Attempt, options: StepOptions = {}): Promise<JobOutcome> {
  const now = options.now ?? (() => new Date());
  const sync = await getCatalogueSync(shop);
  if (!sync || sync.state !== "running" || !sync.startedAt) return { kind: "done" };
  const shopRow = await getShop(shop);
  if (!shopRow || shopRow.uninstalledAt) {
    await finishCatalogueSync(shop, { ok: false, error: "The app was uninstalled during the sync." }, now());
    return { kind: "done" };
  }
  const deadline = Date.now() + (options.budgetMs ?? STEP_BUDGET_MS);
  try {
    if (sync.phase !== "hypersku") {
      const finished = await readShopifyPages(shopRow, sync, deadline, now);
      if (!finished) return { kind: "reschedule", runAt: now(), note: "next pages of Shopify's catalogue" };
    }
    let notice: string | null = null;
    if (shopRow.hyperskuStatus === "connected") {
      const current = (await getCatalogueSync(shop))!;
      const read = await readHyperskuPages(shop, current, deadline, now);
      if (!read.finished) return { kind: "reschedule", runAt: now(), note: "next pages of HyperSKU's catalogue" };
      notice = read.notice;
      await noteCatalogueChanges(shop, await markUnmentionedNotLinked(shop, sync.startedAt), "sync");
    }
    await finishCatalogueSync(shop, { ok: true, notice }, now());
  } catch (error) {
    return failedStep(shop, error, attempt, now());
  }
  if (shopRow.syncInventory && shopRow.hyperskuStatus === "connected") await pushInventorySafely(shop);
  return { kind: "done" };
}

async function pushInventorySafely(shop: string) {
  try {
    const pushed = await pushInventory(shop);
    logger.info({ shop, ...pushed }, "Shopify inventory set from HyperSKU's stock");
  } catch (error) {
    // The catalogue is synced; the inventory is set again after the next sync.
    logger.warn({ shop, err: error }, "could not set Shopify's inventory from HyperSKU's stock");
  }
}

/** Settles the run for an error neither system explains: a database outage is tried again, anything else stops it now. */
async function unexpectedFailure(shop: string, error: unknown, attempt: Attempt, now: Date): Promise<JobOutcome> {
  const storage = isStorageFault(error);
  if (storage && attempt.attempt < attempt.maxAttempts) throw error;
  logger.error({ shop, err: error }, "catalogue sync stopped");
  // Without this the run stayed "running" through every attempt ("A sync is already running.").
  const message = storage
    ? "The app's database could not be written during the sync."
    : "The sync stopped on an error in the app, not at Shopify or HyperSKU.";
  await finishCatalogueSync(shop, { ok: false, error: message }, now);
  return { kind: "fail", error: message };
}

async function failedStep(shop: string, error: unknown, attempt: Attempt, now: Date): Promise<JobOutcome> {
  const outcome =
    error instanceof ShopifyGraphqlError
      ? shopifyJobOutcome(error, now)
      : error instanceof HyperskuError
        ? hyperskuJobOutcome(error, now)
        : null;
  if (!outcome) return unexpectedFailure(shop, error, attempt, now);
  // Throttled by Shopify: waiting, not failing (the cursor is saved; the run resumes there).
  if (outcome.kind === "reschedule" && error instanceof ShopifyGraphqlError) return outcome;
  const message =
    error instanceof ShopifyGraphqlError
      ? `Shopify did not return the products: ${error.message}`
      : `HyperSKU did not return its catalogue: ${(error as HyperskuError).message}`;
  // A reconnect or an operator's fix is needed, HyperSKU refused, or the last attempt: the run stops
  // (its rows so far are kept); the next sync starts over.
  if (outcome.kind !== "retry" || attempt.attempt >= attempt.maxAttempts) {
    await finishCatalogueSync(shop, { ok: false, error: message }, now);
    return outcome.kind === "fail" ? outcome : { kind: "done" };
  }
  return outcome;
}

async function readShopifyPages(shop: Shop, sync: CatalogueSyncRow, deadline: number, now: () => Date): Promise<boolean> {
  const { productRules } = getRoutingSettings(shop);
  let cursor = sync.cursor;
  let read = sync.variantsRead;
  if (cursor === null && sync.variantsTotal === null) {
    await saveCatalogueSyncProgress(shop.domain, { cursor: null, variantsTotal: await countCatalogueVariants(shop.domain) });
  }
  for (;;) {
    const page = await fetchCatalogueVariantsPage(shop.domain, cursor);
    const rows = page.variants.map((variant) => toShopifySideRow(variant, productRules));
    const nextCursor = page.hasNextPage ? page.endCursor : null;
    read += page.variants.length;
    const changed = await withTransaction(async (tx) => {
      const ids = await saveShopifySide(tx, shop.domain, rows, now());
      await saveCatalogueSyncProgress(shop.domain, { cursor: nextCursor, variantsRead: read }, tx);
      return ids;
    });
    if (changed.length > 0 && sync.lastSucceededAt) await noteCatalogueChanges(shop.domain, changed, "sync");
    if (!nextCursor) break;
    cursor = nextCursor;
    if (Date.now() > deadline) return false;
  }
  await noteCatalogueChanges(shop.domain, await markUnseenDeleted(shop.domain, sync.startedAt!), "sync");
  await saveCatalogueSyncProgress(shop.domain, { phase: "hypersku", cursor: null });
  return true;
}

/**
 * Pages HyperSKU's catalogue from the run's cursor. Products HyperSKU's answer describes with values
 * the app cannot use are skipped: their rows keep the last good read and the run's notice names them,
 * both saved before the page (a page read again after a crash skips them again, and names them once).
 */
async function readHyperskuPages(
  shop: string,
  sync: CatalogueSyncRow,
  deadline: number,
  now: () => Date,
): Promise<{ finished: false } | { finished: true; notice: string | null }> {
  let pageNum = sync.cursor ? Number(sync.cursor) : 1;
  let notice = sync.lastError;
  for (;;) {
    const page = await withHyperskuAccess(shop, (auth) =>
      getHypersku().client.getPrivateProduct({ ...auth, shop }, { pageNum, pageSize: HYPERSKU_PAGE_SIZE }),
    );
    if (page.skipped.length > 0) {
      logger.warn({ shop, pageNum, skipped: page.skipped }, "catalogue sync skipped products HyperSKU described with unusable values");
      const kept = page.skipped.flatMap((product) => (product.storeProductId ? [product.storeProductId] : []));
      notice = addToSkippedNotice(notice, page.skipped);
      await withTransaction(async (tx) => {
        await keepHyperskuSideOfProducts(tx, shop, kept, now());
        if (notice) await saveCatalogueSyncNotice(shop, notice, tx);
      });
    }
    const changed = await saveHyperskuPage(shop, page.rows, String(pageNum + 1), now());
    await noteCatalogueChanges(shop, changed, "sync");
    const read = page.rows.length + page.skipped.length;
    const last = read < HYPERSKU_PAGE_SIZE || (page.total !== null && pageNum * HYPERSKU_PAGE_SIZE >= page.total);
    if (last) return { finished: true, notice };
    pageNum += 1;
    if (Date.now() > deadline) return { finished: false };
  }
}

/** The scheduler's part: a sync for each of these (connected) shops never synced or due again. */
export async function queueDueCatalogueSyncs(shops: readonly string[], now = new Date()): Promise<void> {
  if (CATALOGUE_SYNC_EVERY_MS === 0) return;
  for (const shop of await listShopsDueCatalogueSync(shops, new Date(now.getTime() - CATALOGUE_SYNC_EVERY_MS))) {
    await startCatalogueSync(shop, now);
  }
}
