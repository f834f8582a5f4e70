/**
 * Shows the request the app would send to HyperSKU for a Shopify order, without sending anything:
 *
 *   npm run hypersku:preview -- path/to/order.json [--shop my-shop.myshopify.com] [--shop-name "My Shop"] [--platform 1]
 *     [--location gid://shopify/Location/1 ...] [--include "vendor: Acme" ...] [--exclude "tag: pod" ...]
 *
 * The file may hold a REST order webhook payload, `{order: ...}` from the REST API, an Admin GraphQL
 * `Order` node, or a whole GraphQL response `{data: {order: ...}}`. A GraphQL order that carries its
 * `fulfillmentOrders` (with their line items) is routed as the app routes it at send time: lines a
 * fulfillment service ships, or shipped from a location not given with --location, stay out.
 * --include / --exclude are the product rules as written in the app's settings.
 *
 * stdout: the request body as JSON (and nothing else, so it can be piped). stderr: each line of the
 * order, sent or left out and why, or why the order cannot be sent.
 * Exit codes: 0 request printed; 1 the order cannot be sent as it is; 2 bad arguments, or a file that
 * cannot be read, is not JSON or is not a Shopify order.
 *
 * Pure on purpose: no environment, database or network (nothing from `~/env.server` or `~/models/db/client.server`).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { notAParcel } from "../app/domain/orders/delivery-method";
import { ORDER_PROBLEMS } from "../app/domain/orders/describe-problems";
import { mapOrderToExternalOrder, type Routing } from "../app/domain/orders/map-order";
import { parseAnyOrder } from "../app/domain/orders/parse-any-order";
import { parseRuleLines } from "../app/domain/orders/product-rule-text";
import { readFulfillmentOrders } from "../app/integrations/shopify/fulfillment-orders";

const USAGE = [
  'Usage: npx tsx scripts/hypersku-preview.ts path/to/order.json [--shop my-shop.myshopify.com] [--shop-name "My Shop"] [--platform 1]',
  '         [--location gid://shopify/Location/1 ...] [--include "vendor: Acme" ...] [--exclude "tag: pod" ...]',
].join("\n");
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
        location: { type: "string", multiple: true, default: [] },
        include: { type: "string", multiple: true, default: [] },
        exclude: { type: "string", multiple: true, default: [] },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (positionals.length !== 1) fail(2, "Give exactly one order file.", USAGE);
    if (!/^\d+$/.test(values.platform)) fail(2, `--platform must be a whole number (got "${values.platform}").`, USAGE);
    const badLocation = values.location.find((id) => !/^gid:\/\/shopify\/Location\/\d+$/.test(id));
    if (badLocation) fail(2, `--location must be a location GID such as gid://shopify/Location/1 (got "${badLocation}").`, USAGE);
    return {
      file: positionals[0],
      shop: { domain: values.shop, name: values["shop-name"], platformCode: Number(values.platform) },
      locations: values.location,
      include: rulesOf("--include", values.include),
      exclude: rulesOf("--exclude", values.exclude),
    };
  } catch (error) {
    return fail(2, (error as Error).message, USAGE);
  }
}

function rulesOf(option: string, lines: string[]) {
  const parsed = parseRuleLines(lines.join("\n"));
  return parsed.ok ? parsed.rules : fail(2, `${option}: ${parsed.message.replace(/^Line \d+/, "A rule")}`, USAGE);
}

/** The order node inside what the file holds, for its fulfillment orders. */
function orderNodeOf(json: unknown): unknown {
  const value = json as { data?: { order?: unknown } } | null;
  return value?.data?.order ?? json;
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

const { file, shop, locations, include, exclude } = readArguments();
const json = readJson(file);
const parsed = parseAnyOrder(json);
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

const fulfillmentOrders = parsed.source === "graphql" ? readFulfillmentOrders(orderNodeOf(json)) : null;
const routing: Routing = {
  settings: { hyperskuLocationIds: locations, productRules: { include, exclude } },
  // Rules by vendor, type or tag need Shopify's product facts, which a saved order does not carry.
  context: { fulfillmentOrders, facts: new Map() },
};
const mapped = mapOrderToExternalOrder(parsed.value, shop, routing);
const leftOut = (items: typeof mapped.skippedLineItems) =>
  items.map((item) => `- left out: line item ${item.lineItemId} ("${item.title}"): ${item.reason}`);
const routedBy = fulfillmentOrders
  ? `Routed by the order's ${fulfillmentOrders.length} fulfillment order(s)${locations.length ? ` and locations ${locations.join(", ")}` : ""}.`
  : "Routed on the order alone (the file carries no fulfillment orders).";
if (!mapped.ok) {
  fail(
    1,
    `Order ${parsed.value.name ?? parsed.value.shopifyOrderId} cannot be sent to HyperSKU:`,
    ...mapped.reasons.map((reason) => `- [${reason.code}] ${reason.message}\n  What to do: ${ORDER_PROBLEMS[reason.code].fix}`),
    routedBy,
    ...leftOut(mapped.skippedLineItems),
  );
}

console.log(JSON.stringify(mapped.request, null, 2));
console.error(routedBy);
for (const line of mapped.request.lineItems)
  console.error(`- sent: line item ${line.storeOrderLineItemId} ("${line.title}") × ${line.quantity}`);
for (const line of leftOut(mapped.skippedLineItems)) console.error(line);
