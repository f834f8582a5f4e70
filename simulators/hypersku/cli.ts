/**
 * `npm run simulator` starts the HyperSKU simulator for the local demo and development;
 * `npm run simulator -- advance|reset|orders ...` drives one that is already running, over /__sim/.
 * Run `npm run simulator -- help` for the commands and environment variables.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { startHyperskuSimulator } from "./server";
import type { Order } from "./types";

const HELP = `HyperSKU simulator

  npm run simulator                                  start it (Ctrl-C stops it)
  npm run simulator -- advance <orderId|all> [--to <state>] [--split]
                                                     move orders one state, or up to a state
                                                     (e.g. --to shipping, --to delivered, --to 5)
  npm run simulator -- orders                        list the stored orders
  npm run simulator -- reset                         forget orders, tokens and faults
  npm run simulator -- catalogue                     list the private products, their SKUs and stock
  npm run simulator -- source <productId|all> [--to sourced|unavailable]
                                                     move products' sourcing one step (or to a state)

Environment (start):  HYPERSKU_SIMULATOR_PORT (4010), HYPERSKU_SIMULATOR_REDIRECT_URI
  (http://localhost:3000/hypersku/callback), HYPERSKU_CLIENT_ID, HYPERSKU_CLIENT_SECRET,
  HYPERSKU_AUTH_PREFIX (""), HYPERSKU_SIMULATOR_AUTO_ADVANCE_MS (0 = only on command),
  HYPERSKU_SIMULATOR_STATE_FILE (.simulator/hypersku-state.json)
Environment (commands): HYPERSKU_SIMULATOR_URL (http://127.0.0.1:4010)`;

async function main(argv: string[]): Promise<number> {
  const [command = "start", ...rest] = argv;
  switch (command) {
    case "start":
      return start();
    case "advance":
      return advance(rest);
    case "orders":
      return printOrders(await control("GET", "orders"));
    case "reset":
      await control("POST", "reset");
      console.log("HyperSKU simulator reset: no orders, tokens or faults.");
      return 0;
    case "catalogue":
      return printCatalogue(await control("GET", "catalogue"));
    case "source":
      return source(rest);
    case "help":
    case "--help":
      console.log(HELP);
      return 0;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

async function start(): Promise<number> {
  const env = process.env;
  const simulator = await startHyperskuSimulator({
    port: integerEnv("HYPERSKU_SIMULATOR_PORT", 4010),
    stateFile: path.resolve(env.HYPERSKU_SIMULATOR_STATE_FILE || ".simulator/hypersku-state.json"),
    redirectUri: env.HYPERSKU_SIMULATOR_REDIRECT_URI || "http://localhost:3000/hypersku/callback",
    clientId: env.HYPERSKU_CLIENT_ID || undefined,
    clientSecret: env.HYPERSKU_CLIENT_SECRET || undefined,
    authPrefix: env.HYPERSKU_AUTH_PREFIX ?? undefined,
    autoAdvanceMs: integerEnv("HYPERSKU_SIMULATOR_AUTO_ADVANCE_MS", 0),
  });
  console.log(`HyperSKU simulator listening on ${simulator.url}`);
  console.log(`  authorization page: ${simulator.url}/application/auth   control: ${simulator.url}/__sim/`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await simulator.close();
  console.log("HyperSKU simulator stopped; state saved.");
  return 0;
}

async function advance(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { to: { type: "string" }, split: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) {
    console.error("Usage: npm run simulator -- advance <orderId|all> [--to <state>] [--split]");
    return 2;
  }
  const moved = (await control("POST", "advance", { orderId: positionals[0], to: values.to, split: values.split })) as Order[];
  if (moved.length === 0) {
    console.log("No order moved.");
    return 0;
  }
  return printOrders(moved);
}

async function source(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { to: { type: "string" } } });
  if (positionals.length !== 1) {
    console.error("Usage: npm run simulator -- source <productId|all> [--to sourced|unavailable]");
    return 2;
  }
  const moved = await control("POST", "catalogue/advance", { productId: positionals[0], to: values.to });
  if ((moved as unknown[]).length === 0) console.log("No product moved.");
  return printCatalogue(moved);
}

type CatalogueRow = {
  productId: number;
  storeProductId: string;
  title: string;
  sourcingStatusDesc: string;
  skuInfos: { skuId: number; storeVariantId: string; unitPrice: number; currencyCode: string; stock: number | null; skuStatus: number }[];
};

function printCatalogue(products: unknown): number {
  for (const product of products as CatalogueRow[]) {
    console.log(`${product.productId}  store product ${product.storeProductId}  ${product.title}  ${product.sourcingStatusDesc}`);
    for (const sku of product.skuInfos) {
      const stock = sku.stock === null ? "no stock" : `stock ${sku.stock}`;
      const offered = sku.skuStatus === 1 ? "" : "  no longer offered";
      console.log(`    SKU ${sku.skuId}  variant ${sku.storeVariantId}  ${sku.unitPrice} ${sku.currencyCode}  ${stock}${offered}`);
    }
  }
  return 0;
}

function printOrders(orders: unknown): number {
  if ((orders as Order[]).length === 0) console.log("No orders.");
  for (const { orderBaseInfo: base, logisticsItems } of orders as Order[]) {
    const tracking = logisticsItems.map((parcel) => `${parcel.trackingCompany} ${parcel.trackingNumber}`).join(", ");
    console.log(`${base.orderId}  store order ${base.storeOrderId}  ${base.status} ${base.statusDesc}${tracking ? `  ${tracking}` : ""}`);
  }
  return 0;
}

async function control(method: "GET" | "POST", endpoint: string, body?: unknown): Promise<unknown> {
  const base = process.env.HYPERSKU_SIMULATOR_URL || "http://127.0.0.1:4010";
  let response: Response;
  try {
    response = await fetch(`${base}/__sim/${endpoint}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new CliError(`No HyperSKU simulator answers at ${base}; start one with \`npm run simulator\`.`);
  }
  const result = (await response.json()) as { error?: string };
  if (!response.ok) throw new CliError(result.error ?? `HTTP ${response.status}`);
  return result;
}

class CliError extends Error {}

function integerEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new CliError(`${name} must be a whole number, not "${raw}"`);
  return Number(raw);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CliError ? error.message : error);
    process.exit(1);
  },
);
