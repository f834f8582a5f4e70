/**
 * The pre-send check's I/O around the pure checkCatalogue (catalogue-check.ts), run by the forward job
 * after routing and right before the create (docs/decisions/0027).
 *
 * Where the catalogue knows nothing of a line:
 * - the shop's catalogue has been read to the end at least once (CatalogueSync.lastSucceededAt): the
 *   catalogue is the reference, so HyperSKU is asked about those products now (one paged read) and
 *   what it says is stored and decided on;
 * - it never has: the app sends as it did before the catalogue existed; HyperSKU takes an order with a
 *   product it has not sourced as "Pending Sourcing" (status 8) and sources it with the order. Holding
 *   every order of a shop that has not synced yet would stop its orders for a reason it cannot see.
 * A failed look at HyperSKU never holds an order: the lines stay unknown and go.
 * A held needs-sourcing order asks HyperSKU again about the products it waits for each time it is
 * looked at, so it goes out once HyperSKU has sourced them even before the next catalogue sync.
 */
import { HyperskuError } from "~/integrations/hypersku/errors";
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import { logger } from "~/logger.server";
import { getCatalogueEntries } from "~/models/catalogue.server";
import { getCatalogueLastSucceededAt } from "~/models/catalogue-hypersku.server";
import type { Order } from "~/models/order.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { checkCatalogue, type CatalogueCheck, type CheckedLine } from "./catalogue-check";
import { refreshHyperskuSide, type AskedVariant } from "./refresh-hypersku-side.server";

export const NEEDS_SOURCING_CODE = "needs_sourcing";

export type PreSendVerdict =
  | { kind: "send"; note: string | null }
  | { kind: "hold"; code: typeof NEEDS_SOURCING_CODE; reason: string }
  | { kind: "attention"; code: string; reason: string };

function askedVariants(request: ExternalOrder, variantIds: readonly string[]): AskedVariant[] {
  const wanted = new Set(variantIds);
  const seen = new Set<string>();
  return request.lineItems.flatMap((line) => {
    const variantId = line.storeVariantId;
    if (!variantId || !line.storeProductId || !wanted.has(variantId) || seen.has(variantId)) return [];
    seen.add(variantId);
    return [
      {
        variantId,
        productId: line.storeProductId,
        productTitle: line.title ?? variantId,
        variantTitle: line.variantAttr || "Default Title",
        sku: line.storeSkuId || null,
      },
    ];
  });
}

export async function checkBeforeSend(
  order: Pick<Order, "id" | "shop" | "state" | "stateCode" | "sendAnywayAt">,
  request: ExternalOrder,
  snapshot: ShopifyOrderSnapshot,
  now: Date,
): Promise<PreSendVerdict> {
  const lines: CheckedLine[] = request.lineItems.map((line) => ({
    variantId: line.storeVariantId ?? null,
    productId: line.storeProductId ?? null,
    title: line.title || line.storeOrderLineItemId,
  }));
  const destination = {
    countryCode: request.shippingAddress.countryCode,
    provinceCode: snapshot.shippingAddress?.provinceCode?.trim() || null,
  };
  const variantIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const run = async () => checkCatalogue(lines, await getCatalogueEntries(order.shop, variantIds), destination);
  let check: CatalogueCheck = await run();

  const synced = (await getCatalogueLastSucceededAt(order.shop)) !== null;
  const toAsk = new Set(synced ? check.unknownVariantIds : []);
  // Looked at again while waiting for sourcing: what HyperSKU says now, not what the last sync read.
  if (!check.ok && check.code === "needs_sourcing" && order.state === "held" && order.stateCode === NEEDS_SOURCING_CODE) {
    for (const product of check.products) for (const id of product.variantIds) toAsk.add(id);
  }
  if (toAsk.size > 0) {
    try {
      await refreshHyperskuSide(order.shop, askedVariants(request, [...toAsk]), now);
      check = await run();
    } catch (error) {
      if (!(error instanceof HyperskuError)) throw error;
      logger.warn({ shop: order.shop, orderId: order.id, err: error.message }, "pre-send check: HyperSKU's catalogue could not be read");
    }
  }

  if (check.ok) return { kind: "send", note: null };
  if (check.code !== "needs_sourcing") return { kind: "attention", code: check.code, reason: check.message };
  if (order.sendAnywayAt) {
    const names = check.products.map((product) => `"${product.title}"`).join(", ");
    return { kind: "send", note: `Sent anyway, as the merchant chose: HyperSKU sources ${names} with the order.` };
  }
  return { kind: "hold", code: NEEDS_SOURCING_CODE, reason: check.message };
}
