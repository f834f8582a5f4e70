/**
 * The check an order passes against the catalogue right before it is sent (issue 18, "Product
 * readiness"; docs/decisions/0027). Pure: the lines HyperSKU is to ship (after routing), what the
 * catalogue says of each variant, and the destination in; one verdict out.
 *
 * What the catalogue says is acted on; where it says nothing (no row, or HyperSKU's side never read)
 * the line is "unknown" and the caller decides (forward-order.server.ts: ask HyperSKU about those
 * products once the shop's catalogue has been synced; before the first sync, send as before).
 *
 * Verdicts, the most serious first, so the merchant fixes what blocks for good before what only waits:
 * product_deleted, sku_not_offered (also HyperSKU could not source it), destination_not_supported
 * (needs attention), then needs_sourcing (waits, and goes out by itself once sourced).
 */
import type { CatalogueEntry } from "~/models/catalogue.server";

export type CheckedLine = { variantId: string | null; productId: string | null; title: string };
export type Destination = { countryCode: string; provinceCode: string | null };

type CatalogueProblemCode = "needs_sourcing" | "destination_not_supported" | "sku_not_offered" | "product_deleted";

/** A product named in a verdict: what the merchant recognises, and where to act on it at HyperSKU. */
type NamedProduct = { title: string; variantIds: string[]; hyperskuProductUrl: string | null };

export type CatalogueCheck =
  | { ok: true; unknownVariantIds: string[] }
  | { ok: false; code: CatalogueProblemCode; products: NamedProduct[]; message: string; unknownVariantIds: string[] };

const TRANSIENT: ReadonlySet<string> = new Set(["not_sourced", "sourcing", "not_linked"]);

function titleOf(line: CheckedLine, entry: CatalogueEntry | undefined): string {
  if (!entry) return line.title;
  const variant = entry.variantTitle && entry.variantTitle !== "Default Title" ? ` (${entry.variantTitle})` : "";
  return `${entry.productTitle}${variant}`;
}

function name(products: readonly NamedProduct[]): string {
  return products.map((product) => `"${product.title}"`).join(", ");
}

function links(products: readonly NamedProduct[]): string {
  const urls = products.flatMap((product) => (product.hyperskuProductUrl ? [`${product.title}: ${product.hyperskuProductUrl}`] : []));
  return urls.length > 0 ? ` At HyperSKU: ${urls.join("; ")}.` : "";
}

/** Whether HyperSKU ships the SKU to the destination; null when the catalogue does not know where it ships. */
export function shipsToDestination(entry: CatalogueEntry, destination: Destination): boolean | null {
  if (entry.shipsTo.length === 0) return null;
  const country = entry.shipsTo.find((place) => place.countryCode.toUpperCase() === destination.countryCode.toUpperCase());
  if (!country) return false;
  if (country.regionCodes === null) return true;
  const province = destination.provinceCode?.toUpperCase() ?? null;
  return province !== null && country.regionCodes.some((code) => code.toUpperCase() === province);
}

function describeDestination(destination: Destination): string {
  return destination.provinceCode ? `${destination.countryCode} (${destination.provinceCode})` : destination.countryCode;
}

const MESSAGES: Record<CatalogueProblemCode, (products: NamedProduct[], destination: Destination) => string> = {
  product_deleted: (products) =>
    `${name(products)} ${products.length > 1 ? "were" : "was"} deleted in Shopify, so HyperSKU cannot be told what to buy. ` +
    "Edit the order in Shopify to replace the item with a product you sell (or remove it), then choose Retry.",
  sku_not_offered: (products) =>
    `HyperSKU no longer offers ${name(products)} (or could not source it). ` +
    "Ask HyperSKU to source it again or to offer a replacement, or edit the order in Shopify to replace the item, then choose Retry." +
    links(products),
  destination_not_supported: (products, destination) =>
    `HyperSKU does not ship ${name(products)} to ${describeDestination(destination)}. ` +
    "Change the shipping address in Shopify if it is wrong, or ask HyperSKU to add this destination for the product, then choose Retry." +
    links(products),
  needs_sourcing: (products) =>
    `HyperSKU has not sourced ${name(products)} yet. ` +
    "Import the product to HyperSKU if it is not there and ask HyperSKU to source it; the order is sent by itself once it is sourced, " +
    "or choose Send anyway to let HyperSKU source it with the order." +
    links(products),
};

function group(lines: readonly { line: CheckedLine; entry: CatalogueEntry | undefined }[]): NamedProduct[] {
  const byProduct = new Map<string, NamedProduct>();
  for (const { line, entry } of lines) {
    const key = entry?.productId ?? line.productId ?? line.variantId ?? line.title;
    const known = byProduct.get(key);
    if (known) {
      if (line.variantId && !known.variantIds.includes(line.variantId)) known.variantIds.push(line.variantId);
      continue;
    }
    byProduct.set(key, {
      title: titleOf(line, entry),
      variantIds: line.variantId ? [line.variantId] : [],
      hyperskuProductUrl: entry?.hyperskuProductUrl ?? null,
    });
  }
  return [...byProduct.values()];
}

/** `entries`: the catalogue's rows by variant id (getCatalogueEntries). */
export function checkCatalogue(
  lines: readonly CheckedLine[],
  entries: ReadonlyMap<string, CatalogueEntry>,
  destination: Destination,
): CatalogueCheck {
  const found: Record<CatalogueProblemCode, { line: CheckedLine; entry: CatalogueEntry | undefined }[]> = {
    product_deleted: [],
    sku_not_offered: [],
    destination_not_supported: [],
    needs_sourcing: [],
  };
  const unknownVariantIds: string[] = [];
  for (const line of lines) {
    const entry = line.variantId ? entries.get(line.variantId) : undefined;
    if (entry?.productStatus === "DELETED") {
      found.product_deleted.push({ line, entry });
      continue;
    }
    // Not known, or only Shopify's side of it read: the caller decides (see the file's comment).
    if (!entry || entry.hyperskuSyncedAt === null) {
      if (line.variantId) unknownVariantIds.push(line.variantId);
      continue;
    }
    if (entry.sourcing === "not_offered" || entry.sourcing === "unavailable") found.sku_not_offered.push({ line, entry });
    else if (TRANSIENT.has(entry.sourcing)) found.needs_sourcing.push({ line, entry });
    else if (shipsToDestination(entry, destination) === false) found.destination_not_supported.push({ line, entry });
  }
  for (const code of ["product_deleted", "sku_not_offered", "destination_not_supported", "needs_sourcing"] as const) {
    if (found[code].length === 0) continue;
    const products = group(found[code]);
    return { ok: false, code, products, message: MESSAGES[code](products, destination), unknownVariantIds };
  }
  return { ok: true, unknownVariantIds };
}
