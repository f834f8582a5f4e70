/**
 * `npm run bench:api-cost` (also run by `npm run bench`): what one order costs in Shopify Admin API
 * points, the currency of Shopify's rate limit (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits).
 *
 * - The fulfillment-order read every order costs before it is sent (routing), estimated the same way.
 * - The snapshot read of one order (the Admin GraphQL path: reconciliation, past orders): the
 *   requested cost of `order(id:) { ...OrderSnapshotFields }`, estimated from the vendored schema
 *   (app/integrations/shopify/query-cost.ts), as Shopify charges it before running the query.
 * - The variant facts read for a webhook order of 1, 5, 20 and 200 variants new to the cache, and for
 *   a second order of the same 20 variants: measured through withVariantFacts on a fresh, migrated
 *   SQLite database against the Shopify twin, which reports each query's requested cost.
 *
 * Each figure is also given as orders per minute at the Standard plan's restore rate of 100 points/s,
 * were the app doing nothing else. Prints a table, then one `ORDER_API_COST_JSON {...}` line that
 * scripts/bench/api-cost.ts reads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "graphql";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-cost-"));
process.env.DATABASE_URL = `file:${path.join(dir, "cost.sqlite")}`;
// The harness's offline settings (keys, no worker); set before any app import.
const { applyOfflineEnvDefaults } = await import("../../simulators/harness/offline-env");
applyOfflineEnvDefaults();
process.env.LOG_LEVEL = "silent";
// The Shopify library announces itself at info level: not part of the report.
const print = console.log.bind(console);
console.log = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith("[shopify-")) return;
  print(...args);
};

/** The Standard plan's restore rate, points per second. */
const STANDARD_POINTS_PER_SECOND = 100;

type ApiCostFigure = { name: string; points: number; queries: number; largestQuery: number; ordersPerMinute: number | null };

const perMinute = (points: number) => (points === 0 ? null : Math.floor((STANDARD_POINTS_PER_SECOND * 60) / points));

try {
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env }, stdio: "pipe" });
  const { TEST_SHOP } = await import("../../simulators/harness/offline-keys");
  const { ShopifyAdminFake } = await import("../../simulators/shopify/admin-graphql-fake");
  const { buildRestLineItem, buildRestOrder, snapshotOfRest } = await import("../../simulators/harness/order-payloads");
  const { setAdminGraphqlFactory } = await import("../../app/integrations/shopify/admin-graphql.server");
  const { withVariantFacts } = await import("../../app/domain/orders/variant-facts.server");
  const { estimateQueryCost } = await import("../../app/integrations/shopify/query-cost");
  const { ORDER_SNAPSHOT_FIELDS, ORDER_SNAPSHOT_FRAGMENT_NAME } = await import("../../app/integrations/shopify/order-snapshot-fields");
  const { loadAdminSchema } = await import("../shopify/admin-schema");
  const { default: prisma } = await import("../../app/models/db/client.server");

  const figures: ApiCostFigure[] = [];
  const snapshotRead = `query OrderSnapshot($id: ID!) { order(id: $id) { ...${ORDER_SNAPSHOT_FRAGMENT_NAME} } }\n${ORDER_SNAPSHOT_FIELDS}`;
  const snapshotPoints = estimateQueryCost(loadAdminSchema(), parse(snapshotRead));
  figures.push({
    name: "snapshot read of one order (Admin GraphQL path)",
    points: snapshotPoints,
    queries: 1,
    largestQuery: snapshotPoints,
    ordersPerMinute: perMinute(snapshotPoints),
  });

  // Every order the app sends first asks where its lines ship from (routing, decision 0018).
  const { ORDER_FULFILLMENT_ORDERS_QUERY } = await import("../../app/integrations/shopify/fulfillments.server");
  const routingPoints = estimateQueryCost(loadAdminSchema(), parse(ORDER_FULFILLMENT_ORDERS_QUERY));
  figures.push({
    name: "fulfillment orders read before sending (every order)",
    points: routingPoints,
    queries: 1,
    largestQuery: routingPoints,
    ordersPerMinute: perMinute(routingPoints),
  });

  const shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
  let nextVariant = 45_000_000_000_001;
  /** A product of `count` variants new to the shop, and a webhook order with one line of each. */
  function orderOfNewVariants(count: number) {
    const variants = Array.from({ length: count }, (_, i) => ({ id: nextVariant + i, title: `Option ${i + 1}`, imageUrl: null }));
    nextVariant += count;
    const productId = 7_400_000_000_000 + nextVariant;
    shopify.putProduct(TEST_SHOP, {
      id: productId,
      handle: `bench-product-${productId}`,
      title: "Bench product",
      vendor: "Bench Vendor",
      productType: "Bench",
      tags: ["bench"],
      featuredImageUrl: "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/bench.jpg",
      variants,
    });
    return variants.map((variant) => buildRestLineItem({ overrides: { variant_id: variant.id, product_id: productId } }));
  }
  async function measure(name: string, lines: ReturnType<typeof buildRestLineItem>[]) {
    const before = shopify.requestedCosts.length;
    await withVariantFacts(TEST_SHOP, snapshotOfRest(buildRestOrder({ lineItems: lines })));
    const costs = shopify.requestedCosts.slice(before);
    const points = costs.reduce((sum, call) => sum + call.cost, 0);
    figures.push({
      name,
      points,
      queries: costs.length,
      largestQuery: Math.max(0, ...costs.map((call) => call.cost)),
      ordersPerMinute: perMinute(points),
    });
  }

  for (const count of [1, 5, 20, 200]) {
    const lines = orderOfNewVariants(count);
    await measure(`variant facts, webhook order of ${count} new variant${count === 1 ? "" : "s"}`, lines);
    if (count === 20) await measure("variant facts, a second order of the same 20 variants (cached)", lines);
  }
  setAdminGraphqlFactory(null);
  await prisma.$disconnect();

  const title = "Shopify Admin API, requested cost per order";
  const rows = figures.map((f) => [
    f.name,
    String(f.points),
    String(f.queries),
    f.ordersPerMinute === null ? "no limit" : String(f.ordersPerMinute),
  ]);
  const header = [title, "points", "queries", `orders/min at ${STANDARD_POINTS_PER_SECOND} points/s`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log([line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n"));
  console.log(
    `\nA webhook order costs the fulfillment-order read plus its variant facts read, and the latter nothing once its variants are cached (6 h);` +
      ` an order read through the Admin API costs the snapshot read as well. These are requested costs: the bucket must hold` +
      ` them before Shopify runs the query, which then refunds what the order did not use (a 3-line order's snapshot` +
      ` actually costs far less than its requested cost). Shopify refuses one query over 1000 points.`,
  );
  console.log(`ORDER_API_COST_JSON ${JSON.stringify(figures)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
