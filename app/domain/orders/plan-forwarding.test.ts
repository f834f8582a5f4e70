import { readFileSync } from "node:fs";
import path from "node:path";
import { buildRestAddress, buildRestOrder, snapshotOfRest } from "../../../tests/support/order-factories";
import { DEFAULT_FORWARDING_SETTINGS } from "./decide-forwarding";
import { ORDER_PROBLEMS } from "./describe-problems";
import { parseAnyOrder } from "./parse-any-order";
import { planForwarding } from "./plan-forwarding";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

const NOW = new Date("2026-07-20T12:00:00Z");
const SHOP = { domain: "example-shop.myshopify.com", name: "Example Shop", platformCode: 1 };
const plan = (order: ShopifyOrderSnapshot) => planForwarding(order, DEFAULT_FORWARDING_SETTINGS, SHOP, NOW);

function fixture(name: string): ShopifyOrderSnapshot {
  const result = parseAnyOrder(JSON.parse(readFileSync(path.resolve("tests/fixtures/orders", name), "utf8")));
  if (!result.ok) throw new Error(`${name} did not parse: ${JSON.stringify(result.problems)}`);
  return result.value;
}

describe("planForwarding: deliveries that are not parcels", () => {
  it.each([
    ["rest-local-pickup.json", "local_pickup"],
    ["graphql-local-pickup.json", "local_pickup"],
    ["rest-local-delivery.json", "local_delivery"],
  ] as const)("skips %s with its reason instead of asking for an address", (name, code) => {
    expect(plan(fixture(name))).toEqual({ state: "skipped", code, reason: ORDER_PROBLEMS[code].problem, forwardNotBefore: null });
  });

  it("still sends the same order when it ships", () => {
    expect(plan(fixture("rest-paid-multi-item-usd.json"))).toMatchObject({ state: "scheduled", code: null });
  });
});

describe("planForwarding: an address a parcel cannot reach", () => {
  it("holds a US order without a ZIP code for the merchant, naming the fix", () => {
    const order = fixture("rest-us-no-zip.json");
    expect(plan(order)).toEqual({
      state: "needs_attention",
      code: "missing_zip_code",
      reason: "The shipping address has no ZIP code, which parcels to this country need.",
      forwardNotBefore: null,
    });
    expect(ORDER_PROBLEMS.missing_zip_code.fix).toBe(
      "Edit the order's shipping address in Shopify to add the ZIP code, then choose Retry.",
    );
  });

  it("lists every missing part, the country's after the universal ones", () => {
    const payload = buildRestOrder({
      overrides: { shipping_address: buildRestAddress({ city: null, zip: null, province: null, province_code: null }) },
    });
    expect(plan(snapshotOfRest(payload))).toMatchObject({
      state: "needs_attention",
      code: "missing_city",
      reason:
        "The shipping address has no city. The shipping address has no ZIP code, which parcels to this country need. " +
        "The shipping address has no state, which parcels to this country need.",
    });
  });

  it("sends a complete address, and one from a country without postal codes", () => {
    expect(plan(snapshotOfRest(buildRestOrder()))).toMatchObject({ state: "scheduled" });
    const hongKong = buildRestAddress({ country: "Hong Kong", country_code: "HK", zip: null, province: null, province_code: null });
    expect(plan(snapshotOfRest(buildRestOrder({ overrides: { shipping_address: hongKong } })))).toMatchObject({ state: "scheduled" });
  });
});
