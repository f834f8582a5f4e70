/**
 * Pure: what the Products page says about products a catalogue sync skipped because HyperSKU's answer
 * for them could not be used (catalogue-schemas.ts, `skipped`: a stock past 2^31-1, a cost that is not
 * a number...). One sentence that grows as a run meets more of them across its pages and steps, kept
 * on the sync row while the run goes on (it may span several jobs), bounded in length.
 */
import type { SkippedProduct } from "~/integrations/hypersku/catalogue-schemas";

const HEAD = "HyperSKU sent values the app cannot use for ";
const TAIL =
  ", so the app left what it shows for them as the last sync read it. Everything else was synced. Ask HyperSKU's support to correct them; the next sync reads them again.";
const MORE = " and more";
/** The list of products stops growing past this (the sync row's text is shown whole). */
const MAX_LIST_LENGTH = 600;

/** "Art Poster (stock 1e+308 is not a whole number from 0 to 2147483647)". */
export function describeSkippedProduct(product: SkippedProduct): string {
  const name = product.title?.trim()
    ? `“${product.title.trim().slice(0, 80)}”`
    : product.productId !== null
      ? `HyperSKU product ${product.productId}`
      : "a product HyperSKU could not name";
  return `${name} (${product.problem})`;
}

/** The list part of a notice made by `addToSkippedNotice`, or null when `notice` is not one. */
function listOf(notice: string | null): string | null {
  if (!notice?.startsWith(HEAD) || !notice.endsWith(TAIL)) return null;
  return notice.slice(HEAD.length, notice.length - TAIL.length);
}

/** The notice with `products` added (an entry already listed is not listed twice); unchanged when there are none. */
export function addToSkippedNotice(notice: string | null, products: readonly SkippedProduct[]): string | null {
  let list = listOf(notice) ?? "";
  for (const product of products) {
    if (list.endsWith(MORE)) break;
    const entry = describeSkippedProduct(product);
    if (list.includes(entry)) continue;
    const next = list ? `${list}; ${entry}` : entry;
    list = next.length > MAX_LIST_LENGTH ? `${list}${MORE}` : next;
  }
  return list ? `${HEAD}${list}${TAIL}` : notice;
}
