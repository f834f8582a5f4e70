/**
 * What a catalogue change means for orders (issue 18; docs/decisions/0027). Called by the catalogue
 * sync and the product webhooks with the variants that changed (or none: all of the shop's), and by
 * nothing else: the forward job looks at a held order again every hour on its own.
 *
 * - Orders waiting for sourcing whose products the catalogue now shows sourced are planned again and
 *   queued at once; the forward job runs the full pre-send check, so a wrong guess here costs one look.
 * - Orders at HyperSKU not shipped yet that hold a variant HyperSKU no longer offers, or whose product
 *   was deleted in Shopify, are flagged with the fix (a more serious flag is never replaced).
 *
 * Returns how many orders it queued or flagged.
 */
import { logger } from "~/logger.server";
import { getCatalogueEntries, type CatalogueEntry } from "~/models/catalogue.server";
import { listOrdersWaitingForSourcing, listSentOrdersInStatuses } from "~/models/order-catalogue.server";
import { addOrderEvent } from "~/models/order-event.server";
import { getOrderOrThrow, readSnapshot, writeOrderFlag } from "~/models/order.server";
import { getShop } from "~/models/shop.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import { wakeWorkers } from "~/domain/enqueue.server";
import { planAndSchedule } from "./apply-snapshot.server";
import { NEEDS_SOURCING_CODE } from "./catalogue-check.server";
import { HYPERSKU_STATUSES } from "./hypersku-status";

const CATALOGUE_FLAGS = {
  catalogue_product_deleted: {
    problem: (titles: string) => `${titles} of this order ${titles.includes('", "') ? "were" : "was"} deleted in Shopify.`,
    fix: "HyperSKU still has the order: check with HyperSKU support that it can still buy the item, or cancel the order at HyperSKU and refund the customer.",
  },
  catalogue_sku_not_offered: {
    problem: (titles: string) => `HyperSKU no longer offers ${titles} of this order.`,
    fix: "Before HyperSKU buys it, ask HyperSKU support for a replacement, or cancel the order at HyperSKU and refund the customer.",
  },
} as const;
type CatalogueFlag = keyof typeof CATALOGUE_FLAGS;

const WAITING: ReadonlySet<string> = new Set(["not_linked", "not_sourced", "sourcing"]);
const NOT_SHIPPED = HYPERSKU_STATUSES.filter((row) => row.beforeShipping).map((row) => row.code);
const PAGE = 200;

const variantsOfSnapshot = (snapshot: ReturnType<typeof readSnapshot>) =>
  snapshot.lineItems.flatMap((line) => (line.variantId ? [line.variantId] : []));

function sentVariants(sentRequest: string | null): { variantId: string; title: string }[] {
  try {
    const request = JSON.parse(sentRequest ?? "null") as ExternalOrder | null;
    return (request?.lineItems ?? []).flatMap((line) =>
      line.storeVariantId ? [{ variantId: line.storeVariantId, title: line.title ?? line.storeVariantId }] : [],
    );
  } catch {
    return [];
  }
}

/** Pure: the flag a sent order needs given its lines' catalogue rows, or null. */
function catalogueFlagOf(
  lines: readonly { variantId: string; title: string }[],
  entries: ReadonlyMap<string, CatalogueEntry>,
): { code: CatalogueFlag; reason: string } | null {
  const titles = (match: (entry: CatalogueEntry) => boolean) =>
    lines.filter((line) => {
      const entry = entries.get(line.variantId);
      return entry ? match(entry) : false;
    });
  const deleted = titles((entry) => entry.productStatus === "DELETED");
  const notOffered = titles((entry) => entry.sourcing === "not_offered");
  const [code, hit] =
    deleted.length > 0 ? (["catalogue_product_deleted", deleted] as const) : (["catalogue_sku_not_offered", notOffered] as const);
  if (hit.length === 0) return null;
  const { problem, fix } = CATALOGUE_FLAGS[code];
  return { code, reason: `${problem(hit.map((line) => `"${line.title}"`).join(", "))} ${fix}` };
}

async function requeueSourced(shop: string, variantIds: readonly string[] | undefined, now: Date): Promise<number> {
  const shopRecord = await getShop(shop);
  if (!shopRecord || shopRecord.uninstalledAt) return 0;
  const waiting = await listOrdersWaitingForSourcing(shop, NEEDS_SOURCING_CODE);
  const changed = variantIds ? new Set(variantIds) : null;
  let queued = 0;
  for (const order of waiting) {
    const variants = variantsOfSnapshot(readSnapshot(order));
    if (changed && !variants.some((id) => changed.has(id))) continue;
    const entries = await getCatalogueEntries(shop, variants);
    // Still waiting on the catalogue's word: a variant of it HyperSKU has not sourced yet.
    if (variants.some((id) => WAITING.has(entries.get(id)?.sourcing ?? "sourced"))) continue;
    const requeued = await runOrderTransaction(async (tx) => {
      await lockOrder(tx, shop, order.shopifyOrderId);
      const current = await getOrderOrThrow(order.id, tx);
      if (current.state !== "held" || current.stateCode !== NEEDS_SOURCING_CODE) return false;
      await planAndSchedule(tx, shopRecord, order.id, readSnapshot(current), now);
      await addOrderEvent(tx, order.id, {
        kind: "decision",
        outcome: "sourced",
        message: "HyperSKU's catalogue now shows this order's products sourced: it is sent again.",
      });
      return true;
    });
    if (requeued) queued += 1;
  }
  if (queued > 0) wakeWorkers();
  return queued;
}

async function flagUnshippedOrders(shop: string, variantIds: readonly string[] | undefined): Promise<number> {
  let flagged = 0;
  let after: string | undefined;
  for (;;) {
    const page = await listSentOrdersInStatuses(shop, NOT_SHIPPED, variantIds, PAGE, after);
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    for (const order of page) {
      const lines = sentVariants(order.sentRequest);
      const flag = catalogueFlagOf(
        lines,
        await getCatalogueEntries(
          shop,
          lines.map((line) => line.variantId),
        ),
      );
      // One flag per order: a catalogue flag never hides another problem's.
      if (!flag || (order.flagCode && !(order.flagCode in CATALOGUE_FLAGS)) || order.flagReason === flag.reason) continue;
      await runOrderTransaction(async (tx) => {
        await writeOrderFlag(order.id, flag.code, flag.reason, tx);
        await addOrderEvent(tx, order.id, { kind: "flag", outcome: flag.code, message: flag.reason });
      });
      flagged += 1;
    }
    if (page.length < PAGE) break;
  }
  return flagged;
}

export async function recheckCatalogueHolds(shop: string, variantIds?: readonly string[], now = new Date()): Promise<number> {
  if (variantIds && variantIds.length === 0) return 0;
  const queued = await requeueSourced(shop, variantIds, now);
  const flagged = await flagUnshippedOrders(shop, variantIds);
  if (queued + flagged > 0) logger.info({ shop, queued, flagged }, "catalogue change: orders queued or flagged");
  return queued + flagged;
}
