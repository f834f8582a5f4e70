/**
 * What a row of the orders list (and a line of its export) shows of the Shopify order: the
 * customer, where it ships, its items with the first one's picture, its total. Read from the
 * stored snapshot of the page's rows only. Pure.
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { formatMoney } from "./format";

type OrderListSummary = {
  customer: string | null;
  email: string | null;
  /** "Lyon, France" (city and country as Shopify spells them); null when there is no shipping address. */
  destination: string | null;
  countryCode: string | null;
  /**
   * `imageUrl` from the order itself (GraphQL-read orders carry one); REST webhooks carry none, so
   * `variantId` names the first line's variant for the picture Shopify gave the app for it (VariantFacts).
   */
  items: { count: number; firstTitle: string | null; imageUrl: string | null; variantId: string | null };
  total: string | null;
};

const EMPTY: OrderListSummary = {
  customer: null,
  email: null,
  destination: null,
  countryCode: null,
  items: { count: 0, firstTitle: null, imageUrl: null, variantId: null },
  total: null,
};

/** Pictures load from the web or inline only (never `javascript:` and the like). */
export const safeImage = (url: string | null | undefined) => (url && /^(https?:\/\/|data:image\/)/i.test(url) ? url : null);
const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .filter((part) => part && part.trim())
    .join(" ")
    .trim() || null;

/** The snapshot's list facts; a snapshot that does not parse (or a redacted one) shows blanks, never fails the page. */
export function summarizeOrderSnapshot(snapshotJson: string): OrderListSummary {
  let snapshot: Partial<ShopifyOrderSnapshot>;
  try {
    snapshot = JSON.parse(snapshotJson) as Partial<ShopifyOrderSnapshot>;
  } catch {
    return EMPTY;
  }
  if (!snapshot || typeof snapshot !== "object") return EMPTY;
  const address = snapshot.shippingAddress ?? null;
  const lines = Array.isArray(snapshot.lineItems) ? snapshot.lineItems : [];
  const count = lines.reduce((sum, line) => sum + (line.currentQuantity ?? line.quantity ?? 0), 0);
  const pictured = lines.find((line) => safeImage(line.imageUrl));
  return {
    customer: joined(address?.firstName, address?.lastName),
    email: snapshot.email ?? null,
    destination: address ? [address.city, address.country ?? address.countryCode].filter(Boolean).join(", ") || null : null,
    countryCode: address?.countryCode ?? null,
    items: { count, firstTitle: lines[0]?.title ?? null, imageUrl: safeImage(pictured?.imageUrl), variantId: lines[0]?.variantId ?? null },
    total: formatMoney(snapshot.totalPrice, snapshot.currency),
  };
}

/** "45 min", "5 h", "3 d": how long since the order was placed, as the merchant scans for old ones. */
export function formatAge(createdAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
