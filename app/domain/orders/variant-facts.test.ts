import type { VariantFacts } from "~/models/variant-facts.server";
import { buildOrderSnapshot, buildRestLineItem, buildRestOrder, snapshotOfRest } from "../../../tests/support/order-factories";
import { applyVariantFacts, VARIANT_FACTS_TTL_MS, variantIdsOf, variantIdsToRead } from "./variant-facts";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const facts = (variantId: string, fetchedAt: Date, overrides: Partial<VariantFacts> = {}): VariantFacts => ({
  variantId,
  productId: "7200000000001",
  imageUrl: "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/ceramic-mug-blue.jpg",
  productHandle: "ceramic-mug",
  productTitle: "Ceramic Mug",
  vendor: "Ada Ceramics",
  productType: "Mugs",
  tags: ["dropship"],
  fetchedAt,
  ...overrides,
});

/** A webhook order: a mug twice (two lines of one variant), a tote, and a custom line without a variant. */
function webhookOrder() {
  return snapshotOfRest(
    buildRestOrder({
      lineItems: [
        buildRestLineItem({ overrides: { variant_id: 43_200_000_000_011, product_id: 7_200_000_000_001 } }),
        buildRestLineItem({ overrides: { variant_id: 43_200_000_000_021, product_id: 7_200_000_000_002 } }),
        buildRestLineItem({
          overrides: { variant_id: 43_200_000_000_011, product_id: 7_200_000_000_001, properties: [{ name: "Engraving", value: "A" }] },
        }),
        buildRestLineItem({ overrides: { variant_id: null, product_id: null, title: "Gift wrapping" } }),
      ],
    }),
  );
}

describe("variantIdsOf", () => {
  it("lists each variant once, in line order, skipping custom lines", () => {
    expect(variantIdsOf(webhookOrder())).toEqual(["43200000000011", "43200000000021"]);
  });
});

describe("variantIdsToRead", () => {
  it("reads what is not cached and what was read TTL or longer ago, not what is fresher", () => {
    const cached = new Map([
      ["1", facts("1", new Date(NOW.getTime() - VARIANT_FACTS_TTL_MS + 1))],
      ["2", facts("2", new Date(NOW.getTime() - VARIANT_FACTS_TTL_MS))],
    ]);
    expect(variantIdsToRead(["1", "2", "3"], cached, NOW)).toEqual(["2", "3"]);
    expect(VARIANT_FACTS_TTL_MS).toBe(6 * 60 * 60 * 1000);
  });
});

describe("applyVariantFacts", () => {
  it("fills each webhook line's image and handle from its variant, leaving custom lines and unknown variants alone", () => {
    const order = webhookOrder();
    const known = new Map([["43200000000011", facts("43200000000011", NOW)]]);
    const filled = applyVariantFacts(order, known);
    expect(filled.lineItems.map((line) => [line.imageUrl, line.productHandle])).toEqual([
      ["https://cdn.shopify.com/s/files/1/0612/3456/7890/files/ceramic-mug-blue.jpg", "ceramic-mug"],
      [null, null],
      ["https://cdn.shopify.com/s/files/1/0612/3456/7890/files/ceramic-mug-blue.jpg", "ceramic-mug"],
      [null, null],
    ]);
    expect({ ...filled, lineItems: [] }).toEqual({ ...order, lineItems: [] });
    expect(order.lineItems[0].imageUrl).toBeNull();
  });

  it("keeps what the order carried (an Admin GraphQL read has the image at order time)", () => {
    const order = buildOrderSnapshot();
    const carried = {
      ...order,
      lineItems: order.lineItems.map((line) => ({ ...line, imageUrl: "https://cdn.example/at-order.jpg", productHandle: "old-handle" })),
    };
    const known = new Map(carried.lineItems.map((line) => [line.variantId!, facts(line.variantId!, NOW)]));
    expect(applyVariantFacts(carried, known)).toEqual(carried);
  });

  it("fills nothing from a variant Shopify no longer has", () => {
    const order = webhookOrder();
    const gone = new Map([["43200000000011", facts("43200000000011", NOW, { productId: null, imageUrl: null, productHandle: null })]]);
    expect(applyVariantFacts(order, gone)).toEqual(order);
  });
});
