/**
 * Says what the app would do with a Shopify order if it were due now, and shows the request it
 * would send to HyperSKU, without sending anything. The decision is the app's own: the same pure
 * functions in the same order as the forward job (scripts/hypersku-preview/preview-order.ts).
 *
 *   npm run hypersku:preview -- path/to/order.json [options]   (--help lists them)
 *
 * The file may hold a REST order webhook payload, `{order: ...}` from the REST API, an Admin GraphQL
 * `Order` node, or a whole GraphQL response `{data: {order: ...}}`. Lines are routed as the app routes
 * them at send time, by the fulfillment orders: those of --fulfillment-orders FILE, else those the
 * GraphQL order carries; a REST order without them is routed by each line's `fulfillment_service`
 * ("manual" = the merchant's own; any other = a fulfillment service's, never HyperSKU's).
 *
 * stdout: the request body as JSON when the app would send it now, and nothing else (so it can be
 * piped). stderr: how the lines were routed, each line sent or left out and why, the money warnings,
 * and the decision in one sentence (with what to do).
 * Exit codes: 0 the app would send the order now (request printed); 3 it would not send it now
 * (left alone, cancelled, unpaid, archived, held, waiting, or needs fixing: the reason says which);
 * 2 bad options, or a file that cannot be read, is not JSON or is not a Shopify order (or its
 * fulfillment orders). 1 is left to Node for a crash.
 *
 * Pure on purpose: no environment, database or network (nothing from `~/env.server` or `~/models/db/client.server`).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_FORWARDING_SETTINGS, type ForwardingSettings } from "../app/domain/orders/decide-forwarding";
import type { SkippedLineItem } from "../app/domain/orders/map-line-items";
import { parseAnyOrder } from "../app/domain/orders/parse-any-order";
import { parseRuleLines } from "../app/domain/orders/product-rule-text";
import type { ProductRule } from "../app/domain/orders/route-lines";
import { ORDER_STATE_LABELS } from "../app/models/order-state";
import {
  foreignLineIds,
  fulfillmentOrdersOfNode,
  parseFulfillmentOrdersFile,
  routeByFulfillmentService,
  type ServiceRouting,
} from "./hypersku-preview/fulfillment-orders";
import { previewOrder } from "./hypersku-preview/preview-order";

const EXIT = { send: 0, badInput: 2, notSent: 3 } as const;

const USAGE = `Usage: npx tsx scripts/hypersku-preview.ts path/to/order.json [options]

  --fulfillment-orders FILE  the order's fulfillment orders (Admin GraphQL fulfillmentOrders, or the REST
                             {"fulfillment_orders": [...]}), holds included; as the app sees them: your own
                             locations' only (default: those a GraphQL order carries, else each REST line's
                             fulfillment_service)
  --shop DOMAIN              the shop's myshopify.com domain (default preview-shop.myshopify.com)
  --shop-name NAME           the shop's name, sent as storeName
  --platform N               the HyperSKU platform code (default 1)
  Your settings in the app (defaults: the app's):
  --trigger paid|created     "Send orders to HyperSKU when" (default paid)
  --hold-minutes N           "Wait before sending", in minutes (default 0)
  --send-test-orders         send test orders too (default: they are skipped)
  --excluded-tag TAG         an excluded tag (repeatable)
  --location GID             a location HyperSKU ships for, e.g. gid://shopify/Location/1 (repeatable;
                             default every location of yours; needs the fulfillment orders)
  --include "vendor: Acme"   a "Send only these products" rule (repeatable)
  --exclude "tag: pod"       a "Never send these products" rule (repeatable)

Exit codes: 0 the app would send the order now (the request is on stdout); 3 it would not send it now
(the reason is the last line on stderr); 2 bad options or input.`;

function fail(code: number, ...lines: string[]): never {
  console.error(lines.join("\n"));
  process.exit(code);
}

function badInput(...lines: string[]): never {
  return fail(EXIT.badInput, ...lines);
}

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        "fulfillment-orders": { type: "string" },
        shop: { type: "string", default: "preview-shop.myshopify.com" },
        "shop-name": { type: "string", default: "" },
        platform: { type: "string", default: "1" },
        trigger: { type: "string", default: DEFAULT_FORWARDING_SETTINGS.trigger },
        "hold-minutes": { type: "string", default: String(DEFAULT_FORWARDING_SETTINGS.holdMinutes) },
        "send-test-orders": { type: "boolean", default: !DEFAULT_FORWARDING_SETTINGS.skipTestOrders },
        "excluded-tag": { type: "string", multiple: true, default: [] },
        location: { type: "string", multiple: true, default: [] },
        include: { type: "string", multiple: true, default: [] },
        exclude: { type: "string", multiple: true, default: [] },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(EXIT.send);
    }
    if (positionals.length !== 1) badInput("Give exactly one order file.", USAGE);
    if (!/^\d+$/.test(values.platform)) badInput(`--platform must be a whole number (got "${values.platform}").`, USAGE);
    if (values.trigger !== "paid" && values.trigger !== "created")
      badInput(`--trigger must be paid or created (got "${values.trigger}").`, USAGE);
    if (!/^\d+$/.test(values["hold-minutes"])) badInput(`--hold-minutes must be a whole number (got "${values["hold-minutes"]}").`, USAGE);
    const badLocation = values.location.find((id) => !/^gid:\/\/shopify\/Location\/\d+$/.test(id));
    if (badLocation) badInput(`--location must be a location GID such as gid://shopify/Location/1 (got "${badLocation}").`, USAGE);
    const forwarding: ForwardingSettings = {
      trigger: values.trigger,
      holdMinutes: Number(values["hold-minutes"]),
      skipTestOrders: !values["send-test-orders"],
      excludedTags: values["excluded-tag"],
    };
    return {
      file: positionals[0],
      fulfillmentOrdersFile: values["fulfillment-orders"],
      shop: { domain: values.shop, name: values["shop-name"], platformCode: Number(values.platform) },
      forwarding,
      locations: values.location,
      productRules: { include: rulesOf("--include", values.include), exclude: rulesOf("--exclude", values.exclude) },
    };
  } catch (error) {
    return badInput((error as Error).message, USAGE);
  }
}

function rulesOf(option: string, lines: string[]): ProductRule[] {
  const parsed = parseRuleLines(lines.join("\n"));
  return parsed.ok ? parsed.rules : badInput(`${option}: ${parsed.message.replace(/^Line \d+/, "A rule")}`, USAGE);
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return badInput(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    return badInput(`${file} is not valid JSON (${(error as Error).message}).`);
  }
}

/** The order object inside what the file holds: `{data: {order}}`, `{order}` or the order itself. */
function orderObjectOf(json: unknown): unknown {
  const value = json as { data?: { order?: unknown }; order?: unknown } | null;
  return value?.data?.order ?? value?.order ?? json;
}

const args = readArguments();
const json = readJson(args.file);
const parsed = parseAnyOrder(json);
if (!parsed.ok) {
  const shape = parsed.source === "graphql" ? "an Admin GraphQL order" : parsed.source === "rest" ? "a REST order webhook" : "an order";
  badInput(`${args.file} is not a Shopify order (read as ${shape}):`, ...parsed.problems.map((p) => `- ${p.path}: ${p.message}`));
}
const order = parsed.value;
const orderName = order.name ?? order.shopifyOrderId;

function readRoutingSource() {
  if (args.fulfillmentOrdersFile) {
    const read = parseFulfillmentOrdersFile(readJson(args.fulfillmentOrdersFile));
    if ("problem" in read) return badInput(`${args.fulfillmentOrdersFile} is not a list of fulfillment orders: ${read.problem}.`);
    const foreign = foreignLineIds(read, order);
    if (foreign.length > 0) {
      badInput(
        `${args.fulfillmentOrdersFile} names line items order ${orderName} does not have (${foreign.join(", ")}): is it another order's?`,
      );
    }
    return {
      read,
      services: null,
      routedBy: `Routed by the ${read.fulfillmentOrders.length} fulfillment order(s) in ${args.fulfillmentOrdersFile}`,
    };
  }
  const carried = parsed.source === "graphql" ? fulfillmentOrdersOfNode(orderObjectOf(json)) : null;
  if (carried)
    return { read: carried, services: null, routedBy: `Routed by the order's ${carried.fulfillmentOrders.length} fulfillment order(s)` };
  const byService: ServiceRouting | null = parsed.source === "rest" ? routeByFulfillmentService(orderObjectOf(json), order) : null;
  if (byService) {
    return {
      read: byService,
      services: byService.services,
      routedBy:
        "Routed by each line's fulfillment_service, as the file carries no fulfillment orders: \"manual\" lines are yours, any other is a fulfillment service's",
    };
  }
  return {
    read: null,
    services: null,
    routedBy:
      "Routed on the order alone, as the file carries no fulfillment orders (give them with --fulfillment-orders FILE): the app reads them from Shopify and leaves out what a fulfillment service ships",
  };
}

const source = readRoutingSource();
// A REST line says who ships it, not from which of the merchant's locations.
if (args.locations.length > 0 && (source.read === null || source.services !== null)) {
  badInput(
    `--location needs the order's fulfillment orders, which say where each line ships from: give them with --fulfillment-orders FILE (the file has none).`,
  );
}

const preview = previewOrder({
  order,
  shop: args.shop,
  forwarding: args.forwarding,
  routing: {
    settings: { hyperskuLocationIds: args.locations, productRules: args.productRules },
    // Rules by vendor, type or tag need Shopify's product facts, which a saved order does not carry.
    context: { fulfillmentOrders: source.read?.fulfillmentOrders ?? null, facts: new Map() },
  },
  routingTruncated: source.read?.truncated ?? false,
  now: new Date(),
});

const report: string[] = [];
const routedBy = `${source.routedBy}${args.locations.length ? ` and locations ${args.locations.join(", ")}` : ""}.`;
const leftOut = (item: SkippedLineItem) => {
  const service = item.code === "other_fulfiller" ? source.services?.get(item.lineItemId) : undefined;
  return `- left out: line item ${item.lineItemId} ("${item.title}"): ${item.reason}${service ? ` Its fulfillment_service is "${service}".` : ""}`;
};
const factRules = [...args.productRules.include, ...args.productRules.exclude].filter((rule) => rule.field !== "product");
const factsNote =
  factRules.length > 0
    ? "Note: rules by vendor, type or tag match no item here: a saved order does not carry its products' vendor, type or tags, which the app reads from Shopify."
    : null;

// Exit codes are set, not exited with, so a piped request is written out in full first.
if (preview.send) {
  report.push(routedBy);
  for (const line of preview.request.lineItems)
    report.push(`- sent: line item ${line.storeOrderLineItemId} ("${line.title ?? ""}") × ${line.quantity}`);
  report.push(...preview.skippedLineItems.map(leftOut));
  report.push(...preview.moneyWarnings.map((warning) => `- money warning (sent anyway, noted on the order's timeline): ${warning}`));
  report.push(...preview.warnings.map((warning) => `- warning (sent anyway, noted on the order's timeline): ${warning}`));
  if (factsNote) report.push(factsNote);
  report.push(
    "Not checked here: your HyperSKU connection and catalogue, which the app checks just before sending (an item HyperSKU has not sourced yet holds the order).",
    `Decision: the app sends order ${orderName} to HyperSKU now.`,
  );
  console.log(JSON.stringify(preview.request, null, 2));
  console.error(report.join("\n"));
  process.exitCode = EXIT.send;
} else {
  if (preview.routed) {
    report.push(routedBy, ...preview.skippedLineItems.map(leftOut));
    if (factsNote) report.push(factsNote);
  }
  for (const problem of preview.problems) {
    report.push(`- [${problem.code}] ${problem.message}${problem.fix ? `\n  What to do: ${problem.fix}` : ""}`);
  }
  report.push(`Decision: the app does not send order ${orderName} now (${ORDER_STATE_LABELS[preview.state].label}): ${preview.reason}`);
  console.error(report.join("\n"));
  process.exitCode = EXIT.notSent;
}
