/**
 * What a catalogue row's HyperSKU state means for the merchant, and what to do about it at HyperSKU:
 * the Products page's badge and its "what to do" line, pure. The link is the product's page at HyperSKU
 * when HyperSKU holds one, else HyperSKU's app, where products are imported.
 */
import type { CatalogueEntry } from "~/models/catalogue.server";

export const HYPERSKU_APP_URL = "https://app.hypersku.com";

/** Polaris Badge tones; "neutral" is shown as the default badge. */
type BadgeTone = "success" | "attention" | "info" | "critical" | "neutral";

export interface RowGuidance {
  badge: string;
  tone: BadgeTone;
  /** What to do, in a sentence; null when nothing is needed. */
  action: string | null;
  /** Where to do it (HyperSKU); null when nothing is needed. */
  url: string | null;
}

type GuidanceFacts = Pick<CatalogueEntry, "sourcing" | "excluded" | "productStatus" | "hyperskuProductUrl">;

export function guidanceFor(row: GuidanceFacts): RowGuidance {
  const productUrl = row.hyperskuProductUrl ?? HYPERSKU_APP_URL;
  if (row.productStatus === "DELETED") return { badge: "Deleted in Shopify", tone: "neutral", action: null, url: null };
  if (row.excluded) return { badge: "Excluded by your rules", tone: "neutral", action: null, url: null };
  switch (row.sourcing) {
    case "sourced":
      return { badge: "Sourced", tone: "success", action: null, url: null };
    case "not_linked":
      return {
        badge: "Not at HyperSKU",
        tone: "attention",
        action: "Import this product into HyperSKU and request sourcing; orders of it wait until HyperSKU has it.",
        url: HYPERSKU_APP_URL,
      };
    case "not_sourced":
      return { badge: "Not sourced yet", tone: "attention", action: "Ask HyperSKU to source this product.", url: productUrl };
    case "sourcing":
      return { badge: "Sourcing", tone: "info", action: "HyperSKU is finding a supplier; nothing to do yet.", url: productUrl };
    case "unavailable":
      return {
        badge: "Unavailable",
        tone: "critical",
        action: "HyperSKU could not source it: contact HyperSKU about an alternative, or fulfil it another way.",
        url: productUrl,
      };
    case "not_offered":
      return {
        badge: "No longer offered",
        tone: "critical",
        action: "HyperSKU stopped offering this SKU: ask HyperSKU to source it again.",
        url: productUrl,
      };
  }
}

/** Low stock: HyperSKU holds stock for it, at or below the shop's threshold. */
export function isLowStock(row: Pick<CatalogueEntry, "sourcing" | "stock">, threshold: number): boolean {
  return row.sourcing === "sourced" && row.stock !== null && row.stock <= threshold;
}
