/**
 * Hostile input for the order core (fast-check): random JSON, valid orders with fields deleted,
 * replaced by wrong types or truncated. The parser never throws and either yields a snapshot or
 * plain problems; the mapper never throws and, when it succeeds, its request always satisfies the
 * request schema with no negative price, and its totals are Shopify's when every line goes, else the
 * sum of the sent lines' shares (line-shares.ts), which together make the order's amounts; the
 * forwarding plan always lands in a known state with a reason.
 */
import fc from "fast-check";
import { buildRestOrder, type JsonObject } from "../../../tests/support/order-factories";
import { type ExternalOrder, externalOrderSchema } from "~/integrations/hypersku/schemas";
import { DEFAULT_FORWARDING_SETTINGS } from "./decide-forwarding";
import { lineShares, sharesTotal } from "./line-shares";
import { mapOrderToExternalOrder, type Routing, UNROUTED } from "./map-order";
import { currencyDecimals, minorUnitsToNumber } from "./money";
import { orderMoney } from "./order-money";
import { ORDER_STATES } from "~/models/order-state";
import { planForwarding } from "./plan-forwarding";
import { parseRestOrderWebhook } from "./parse-rest-order";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

const SHOP = { domain: "fuzz-shop.myshopify.com", name: "Fuzz", platformCode: 1 };
const valid = buildRestOrder();

/** Every path to a value in a JSON object, for targeted mutation. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => paths(child, [...prefix, key]))];
}
const ALL_PATHS = paths(valid).filter((p) => p.length > 0);

function mutate(order: JsonObject, path: (string | number)[], replacement: unknown, remove: boolean): JsonObject {
  const copy = structuredClone(order) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = parent?.[key];
    if (next === null || typeof next !== "object") return copy as JsonObject; // an earlier removal took it
    parent = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (remove) delete parent[last];
  else parent[last] = replacement;
  return copy as JsonObject;
}

const wrongTyped = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.anything()),
);

/** HyperSKU ships all but the valid order's second line (the merchant's rules keep its product away). */
const SECOND_LINE_ELSEWHERE: Routing = {
  settings: {
    hyperskuLocationIds: [],
    productRules: { include: [], exclude: [{ field: "product", value: String((valid.line_items as JsonObject[])[1].product_id) }] },
  },
  context: { fulfillmentOrders: null, facts: new Map() },
};

/** The request's totals describe its lines: Shopify's when every line goes, else the sum of the sent lines' shares. */
function checkTotals(order: ShopifyOrderSnapshot, request: ExternalOrder) {
  const currency = request.currency!;
  const money = orderMoney(order, currency);
  const shares = lineShares(order, money);
  // Part by part, the shares of all lines make the order's amount, whatever the payload held.
  for (const part of ["shipping", "tax", "duties", "tips"] as const) {
    if (money[part] !== null) expect(shares.reduce((sum, share) => sum + (share[part] ?? Number.NaN), 0)).toBe(money[part]);
  }
  const sent = new Set(request.lineItems.map((line) => line.storeOrderLineItemId));
  if (order.lineItems.every((item) => sent.has(item.id))) return;
  const wire = (minor: number | null) => (minor === null || minor < 0 ? undefined : minorUnitsToNumber(minor, currencyDecimals(currency)));
  const part = sharesTotal(shares, sent);
  expect([request.totalPrice, request.taxAmount, request.totalShippingPrice]).toEqual([
    wire(part.totalPrice),
    wire(part.tax),
    wire(part.shipping),
  ]);
}

function checkWholePipeline(payload: unknown, routing: Routing = UNROUTED) {
  const parsed = parseRestOrderWebhook(payload);
  if (!parsed.ok) {
    expect(parsed.problems.length).toBeGreaterThan(0);
    for (const problem of parsed.problems) expect(problem.message.length).toBeGreaterThan(0);
    return;
  }
  const mapped = mapOrderToExternalOrder(parsed.value, SHOP, routing);
  if (mapped.ok) {
    expect(externalOrderSchema.safeParse(mapped.request).success).toBe(true);
    // Money (order-money.property.test.ts checks the rule itself): never a negative price, and any
    // disagreement with Shopify's total comes back as words the order page can show.
    for (const line of mapped.request.lineItems) expect(line.price).toBeGreaterThanOrEqual(0);
    for (const warning of mapped.moneyWarnings) expect(warning.length).toBeGreaterThan(0);
    checkTotals(parsed.value, mapped.request);
  } else expect(mapped.reasons.every((reason) => reason.message.length > 0)).toBe(true);
  const plan = planForwarding(parsed.value, DEFAULT_FORWARDING_SETTINGS, SHOP, new Date());
  expect(ORDER_STATES).toContain(plan.state);
  if (plan.state !== "scheduled") expect(plan.reason).toBeTruthy();
}

describe("the order core under hostile input", () => {
  it("survives any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => checkWholePipeline(value)),
      { numRuns: 300 },
    );
  });

  it("survives a real order with one field replaced by a wrong type", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_PATHS), wrongTyped, (path, replacement) =>
        checkWholePipeline(mutate(valid, path, replacement, false)),
      ),
      { numRuns: 500 },
    );
  });

  it("survives a real mixed cart (its second line ships elsewhere) with one field replaced by a wrong type", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_PATHS), wrongTyped, (path, replacement) =>
        checkWholePipeline(mutate(valid, path, replacement, false), SECOND_LINE_ELSEWHERE),
      ),
      { numRuns: 300 },
    );
  });

  it("survives a real order with fields removed", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ALL_PATHS), { minLength: 1, maxLength: 5 }), (removed) =>
        checkWholePipeline(removed.reduce<JsonObject>((order, path) => mutate(order, path, undefined, true), valid)),
      ),
      { numRuns: 300 },
    );
  });

  it("survives truncated JSON text", () => {
    const text = JSON.stringify(valid);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length }), (cut) => {
        let value: unknown;
        try {
          value = JSON.parse(text.slice(0, cut));
        } catch {
          return; // not JSON any more: the webhook layer records it as such (see the integration test)
        }
        checkWholePipeline(value);
      }),
      { numRuns: 200 },
    );
  });
});
