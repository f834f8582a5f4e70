/**
 * Shows the request the app would send to HyperSKU for a Shopify order, without sending anything:
 *
 *   npm run hypersku:preview -- path/to/order.json [--shop my-shop.myshopify.com] [--shop-name "My Shop"] [--platform 1]
 *
 * The file may hold a REST order webhook payload, `{order: ...}` from the REST API, an Admin GraphQL
 * `Order` node, or a whole GraphQL response `{data: {order: ...}}`.
 *
 * stdout: the request body as JSON (and nothing else, so it can be piped). stderr: items left out,
 * or why the order cannot be sent.
 * Exit codes: 0 request printed; 1 the order cannot be sent as it is; 2 bad arguments, or a file that
 * cannot be read, is not JSON or is not a Shopify order.
 *
 * Pure on purpose: no environment, database or network (nothing from `~/env.server` or `~/models/db/client.server`).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { notAParcel } from "../app/domain/orders/delivery-method";
import { ORDER_PROBLEMS } from "../app/domain/orders/describe-problems";
import { mapOrderToExternalOrder } from "../app/domain/orders/map-order";
import { parseAnyOrder } from "../app/domain/orders/parse-any-order";

const USAGE =
  'Usage: npx tsx scripts/hypersku-preview.ts path/to/order.json [--shop my-shop.myshopify.com] [--shop-name "My Shop"] [--platform 1]';
const DEFAULT_SHOP = "preview-shop.myshopify.com";

function fail(code: 1 | 2, ...lines: string[]): never {
  console.error(lines.join("\n"));
  process.exit(code);
}

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        shop: { type: "string", default: DEFAULT_SHOP },
        "shop-name": { type: "string", default: "" },
        platform: { type: "string", default: "1" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (positionals.length !== 1) fail(2, "Give exactly one order file.", USAGE);
    if (!/^\d+$/.test(values.platform)) fail(2, `--platform must be a whole number (got "${values.platform}").`, USAGE);
    return {
      file: positionals[0],
      shop: { domain: values.shop, name: values["shop-name"], platformCode: Number(values.platform) },
    };
  } catch (error) {
    return fail(2, (error as Error).message, USAGE);
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return fail(2, `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(2, `${file} is not valid JSON (${(error as Error).message}).`);
  }
}

const { file, shop } = readArguments();
const parsed = parseAnyOrder(readJson(file));
if (!parsed.ok) {
  const shape = parsed.source === "graphql" ? "an Admin GraphQL order" : parsed.source === "rest" ? "a REST order webhook" : "an order";
  fail(2, `${file} is not a Shopify order (read as ${shape}):`, ...parsed.problems.map((p) => `- ${p.path}: ${p.message}`));
}

// Not a shipment at all: say so before any address or item problem, as the app does.
const delivery = notAParcel(parsed.value);
if (delivery) {
  const { problem, fix } = ORDER_PROBLEMS[delivery];
  fail(
    1,
    `Order ${parsed.value.name ?? parsed.value.shopifyOrderId} is not for HyperSKU:`,
    `- [${delivery}] ${problem}\n  What to do: ${fix}`,
  );
}

const mapped = mapOrderToExternalOrder(parsed.value, shop);
if (!mapped.ok) {
  fail(
    1,
    `Order ${parsed.value.name ?? parsed.value.shopifyOrderId} cannot be sent to HyperSKU:`,
    ...mapped.reasons.map((reason) => `- [${reason.code}] ${reason.message}\n  What to do: ${ORDER_PROBLEMS[reason.code].fix}`),
  );
}

console.log(JSON.stringify(mapped.request, null, 2));
for (const item of mapped.skippedLineItems) {
  console.error(`Left out line item ${item.lineItemId} ("${item.title}"): ${item.reason}`);
}
