/** The demo's final table: what happened to each order, from the app's database and the Shopify stand-in. */
import prisma from "~/models/db/client.server";
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { DemoOrder } from "./day";

export type DemoRow = {
  order: string;
  case: string;
  country: string;
  state: string;
  hyperskuId: string | null;
  hyperskuStatus: string | null;
  tracking: string[];
  fulfillments: string[];
  note: string | null;
};

export async function collectResults(day: DemoOrder[], shop: string): Promise<DemoRow[]> {
  const rows: DemoRow[] = [];
  for (const demo of day) {
    const order = await prisma.order.findFirst({ where: { shop, shopifyOrderId: String(demo.payload.id) }, include: { parcels: true } });
    rows.push({
      order: String(demo.payload.name),
      case: demo.case,
      country: demo.country,
      state: order?.state ?? "not received",
      hyperskuId: order?.hyperskuOrderId ?? null,
      hyperskuStatus: order ? (describeHyperskuStatus(order.hyperskuStatus, order.hyperskuStatusDesc)?.name ?? null) : null,
      tracking: (order?.parcels ?? []).filter((p) => p.trackingNumber).map((p) => `${p.trackingCompany ?? "?"} ${p.trackingNumber}`),
      fulfillments: (order?.parcels ?? [])
        .filter((p) => p.shopifyFulfillmentId)
        .map((p) => p.shopifyFulfillmentId!.replace("gid://shopify/Fulfillment/", "#")),
      note: order?.flagReason ?? order?.stateReason ?? null,
    });
  }
  return rows;
}

export function formatTable(rows: DemoRow[]): string {
  const header = ["Order", "Case", "Ctry", "State", "HyperSKU id", "HyperSKU status", "Tracking", "Shopify fulfillment", "Note"];
  const body = rows.map((r) => [
    r.order,
    r.case,
    r.country,
    r.state,
    r.hyperskuId ?? "—",
    r.hyperskuStatus ?? "—",
    r.tracking.join(", ") || "—",
    r.fulfillments.join(", ") || "—",
    (r.note ?? "").slice(0, 60),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** Fulfillments the Shopify stand-in holds for the day's orders (what customers would be told). */
export function fulfillmentsInShopify(fake: ShopifyAdminFake, shop: string): number {
  return fake.fulfillments.filter((fulfillment) => fulfillment.shop === shop).length;
}
