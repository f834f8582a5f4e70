/**
 * The catalogue's benchmark (`npm run bench`, or only it: `npm run bench -- --only catalogue`):
 *
 * 1. Sync of a store of N variants (default 50,000; products of 1 to 5 variants, one product in ten
 *    sourced at HyperSKU with stock) from the Shopify twin (its HTTP server, 166 variants a page as the
 *    app asks) and the HyperSKU twin (a simulator on loopback, 50 private products a page), both in
 *    this process, into a fresh SQLite database migrated with the real migrations, by a child process
 *    started with the worker's heap limits (docs/decisions/0023): wall time, and the child's peak RSS
 *    (process.resourceUsage().maxRSS) beside its RSS before the sync.
 * 2. The Products page loader's server work (getProductsPage: the page, the tabs' counts, the sync's
 *    state; what the route's loader returns after authenticating) at that size: first page, a tab, a
 *    rare search, a common search and a cursor deep in the list, 200 runs each after 20 warm-ups, p50
 *    and p95 against the 50 ms target.
 *
 * The child prints one line `CATALOGUE_RESULT <json>` that the bench reads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Row } from "./format";
import { launchSettingsOf } from "../lib/launch-settings";
import { runCapturingOutput, tsxArgs } from "./processes";

const CHILD_FLAG = "--catalogue-child";
const RESULT_PREFIX = "CATALOGUE_RESULT ";
export const CATALOGUE_TARGET_P95_MS = 50;

export interface CatalogueBenchResult {
  variants: number;
  syncSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
  loader: { name: string; p50: number; p95: number; rows: number }[];
}

export type CatalogueBench = { status: "ran"; result: CatalogueBenchResult } | { status: "failed"; error: string };

/** Starts both twins with a store of `variants`, runs the sync and the loader in a child process, reads its result. */
export async function runCatalogueBenchmark(variants = 50_000): Promise<CatalogueBench> {
  const { applyOfflineEnvDefaults } = await import("../../simulators/harness/offline-env");
  applyOfflineEnvDefaults();
  const { TEST_SHOP } = await import("../../simulators/harness/offline-keys");
  const { startHyperskuSimulator } = await import("../../simulators/hypersku/server");
  const { startShopifyAdminServer } = await import("../../simulators/shopify/admin-server");
  const { generateCatalogue } = await import("../../simulators/shopify/catalogue-graphql");
  const simulator = await startHyperskuSimulator({
    clientId: process.env.HYPERSKU_CLIENT_ID,
    clientSecret: process.env.HYPERSKU_CLIENT_SECRET,
  });
  const shopify = await startShopifyAdminServer();
  try {
    const products = generateCatalogue(variants);
    for (const [index, product] of products.entries()) {
      if (index % 10 !== 3) continue;
      simulator.control.sourceProduct(String(product.id), {
        title: product.title,
        variants: product.variants.map((variant) => ({ storeVariantId: String(variant.id), title: variant.title })),
        skus: product.variants.map((variant, v) => ({ storeVariantId: String(variant.id), stock: (index + v) % 40 })),
      });
    }
    shopify.fake.setProducts(TEST_SHOP, products);
    // The sync runs in a worker: it must fit in the worker's memory settings (docs/decisions/0023).
    const worker = launchSettingsOf("worker");
    const { code, output } = await runCapturingOutput(
      process.execPath,
      [...worker.nodeFlags, ...tsxArgs("scripts/bench/catalogue.ts"), CHILD_FLAG, String(variants)],
      {
        ...process.env,
        ...worker.env,
        BENCH_SHOPIFY_URL: shopify.url,
        BENCH_HYPERSKU_URL: simulator.url,
        BENCH_HYPERSKU_CODE: simulator.control.issueAuthorizationCode(),
      },
      15 * 60_000,
    );
    const line = output.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
    if (code !== 0 || !line) return { status: "failed", error: output.trim().split("\n").slice(-5).join("\n") || `exit ${code}` };
    return { status: "ran", result: JSON.parse(line.slice(RESULT_PREFIX.length)) as CatalogueBenchResult };
  } finally {
    await shopify.close();
    await simulator.close();
  }
}

/** The figures as the bench's table rows. */
export function catalogueRows(bench: CatalogueBench | undefined): Row[] {
  const area = "Catalogue (SQLite)";
  if (!bench) return [];
  if (bench.status === "failed")
    return [{ area, metric: "sync and Products page", value: `not measured: ${bench.error}`, target: "", verdict: "not measured" }];
  const { result } = bench;
  return [
    {
      area,
      metric: `sync of ${result.variants.toLocaleString("en-US")} variants (Shopify + HyperSKU twins)`,
      value: `${result.syncSeconds.toFixed(1)} s, peak RSS ${result.peakRssMb} MB (${result.rssBeforeMb} MB before it)`,
      target: "",
      verdict: "info",
    },
    ...result.loader.map((figure) => ({
      area,
      metric: `Products page loader: ${figure.name}`,
      value: `p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (${figure.rows} rows)`,
      target: `p95 < ${CATALOGUE_TARGET_P95_MS} ms`,
      verdict: (figure.p95 < CATALOGUE_TARGET_P95_MS ? "pass" : "MISS") as Row["verdict"],
    })),
  ];
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function runChild(variantCount: number): Promise<CatalogueBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-catalogue-"));
  try {
    process.env.DATABASE_URL = `file:${path.join(dir, "bench.sqlite")}`;
    const { applyOfflineEnvDefaults } = await import("../../simulators/harness/offline-env");
    applyOfflineEnvDefaults();
    process.env.LOG_LEVEL = "silent";
    execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env }, stdio: "pipe" });

    const { TEST_SHOP } = await import("../../simulators/harness/offline-keys");
    const { setAdminGraphqlFactory } = await import("../../app/integrations/shopify/admin-graphql.server");
    const { configureHypersku } = await import("../../app/domain/connection/hypersku.server");
    const { connectWithAuthorizationCode } = await import("../../app/domain/connection/connection.server");
    const { ensureShop } = await import("../../app/models/shop.server");
    const { startCatalogueSync, runCatalogueSyncStep } = await import("../../app/domain/catalogue/sync.server");
    const { getProductsPage } = await import("../../app/domain/catalogue/products-page.server");
    const { encodeCursor } = await import("../../app/domain/catalogue/page-cursor");
    const { default: prisma } = await import("../../app/models/db/client.server");

    const hyperskuUrl = process.env.BENCH_HYPERSKU_URL!;
    {
      configureHypersku({ apiUrl: hyperskuUrl, authorizeUrl: `${hyperskuUrl}/application/auth` });
      // The Shopify twin over HTTP, as an app process reaches it.
      setAdminGraphqlFactory(async (shop) => async (query, variables) => {
        const response = await fetch(`${process.env.BENCH_SHOPIFY_URL}/graphql/${shop}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ query, variables }),
        });
        return (await response.json()) as never;
      });
      await ensureShop(TEST_SHOP);
      await connectWithAuthorizationCode(TEST_SHOP, process.env.BENCH_HYPERSKU_CODE!);

      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      await startCatalogueSync(TEST_SHOP);
      for (let step = 1; ; step += 1) {
        const outcome = await runCatalogueSyncStep(TEST_SHOP, { attempt: 1, maxAttempts: 12 });
        if (outcome.kind === "done") break;
        if (outcome.kind !== "reschedule" || step > 1_000) throw new Error(`the sync stopped: ${JSON.stringify(outcome)}`);
      }
      const syncSeconds = (performance.now() - started) / 1000;
      const peakRss = process.resourceUsage().maxRSS * 1024;
      const sync = await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
      if (sync.state !== "idle" || sync.variantsRead !== variantCount) throw new Error(`the sync ended ${sync.state}: ${sync.lastError}`);

      const deep = await prisma.catalogueVariant.findFirstOrThrow({
        where: { shop: TEST_SHOP },
        orderBy: [{ productTitle: "asc" }, { variantId: "asc" }],
        skip: Math.floor(variantCount * 0.8),
      });
      const cases: [string, string][] = [
        ["first page", ""],
        ["tab sourced", "tab=sourced"],
        ["tab not sourced, page 2", ""],
        ["search, rare", "q=product%20004321"],
        ["search, common", "q=red"],
        ["deep cursor (80%)", `after=${encodeCursor(deep)}`],
      ];
      const secondPage = await getProductsPage(TEST_SHOP, new URL("https://app.test/app/products?tab=not_sourced"));
      cases[2][1] = new URL(`https://app.test${secondPage.nextHref}`).searchParams.toString();
      const { touchCatalogue } = await import("../../app/models/catalogue.server");
      const loader: CatalogueBenchResult["loader"] = [];
      const measure = async (name: string, query: string, before?: () => Promise<void>) => {
        const url = new URL(`https://app.test/app/products?${query}`);
        for (let i = 0; i < 20; i += 1) await getProductsPage(TEST_SHOP, url);
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < 200; i += 1) {
          await before?.();
          const t0 = performance.now();
          rows = (await getProductsPage(TEST_SHOP, url)).rows.length;
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        loader.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), rows });
      };
      for (const [name, query] of cases) await measure(name, query);
      // Right after a change (a webhook, a sync page): the tabs' counts are read again.
      await measure("first page after a catalogue change", "", () => touchCatalogue(TEST_SHOP));
      await prisma.$disconnect();
      return { variants: variantCount, syncSeconds, rssBeforeMb: mb(rssBefore), peakRssMb: mb(peakRss), loader };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf(CHILD_FLAG);
if (childAt !== -1) {
  const result = await runChild(Number(process.argv[childAt + 1] ?? 50_000));
  console.log(RESULT_PREFIX + JSON.stringify(result));
  process.exit(0);
}
