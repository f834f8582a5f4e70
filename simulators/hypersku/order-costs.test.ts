import { describe, expect, it } from "vitest";
import { buildOrder, chargeFor } from "./order-builder";
import { seedCatalogue, skuIdOf } from "./private-products";
import type { ExternalOrder } from "./validation";

const MUG_BLUE = "43200000000011";
const TOTE = "43200000000021";

function request(lines: { variant: string; quantity: number; price: number }[], countryCode = "US"): ExternalOrder {
  return {
    storeOrderId: "5600000000001",
    storeCode: "shop.myshopify.com",
    currency: "EUR",
    totalPrice: 99,
    totalShippingPrice: 4.9,
    lineItems: lines.map((line, index) => ({
      storeOrderLineItemId: String(index + 1),
      storeVariantId: line.variant,
      storeProductId: "7200000000001",
      quantity: line.quantity,
      price: line.price,
      title: "Item",
    })),
    shippingAddress: { address1: "1 Main St", city: "Springfield", countryCode, firstName: "Ada" },
  } as ExternalOrder;
}

const ids = { orderId: 1, nextItemId: () => 1, now: new Date("2026-11-24T10:00:00Z") };

describe("what the twin charges for an order", () => {
  it("charges the catalogue's unit cost × quantity for the goods and the cheapest shipping-table method for the freight, in the SKUs' currency", () => {
    const catalogue = seedCatalogue();
    const charge = chargeFor(request([{ variant: MUG_BLUE, quantity: 2, price: 24 }]), catalogue);
    expect(charge).toMatchObject({ currency: "USD", goods: 6.4, logisticsName: "YunExpress Standard" });
    // 380 g: 3.8 × (4.50 first + 1.20 further) for two units to North America.
    expect(charge?.freight).toBe(21.66);
    const order = buildOrder(request([{ variant: MUG_BLUE, quantity: 2, price: 24 }]), { ...ids, catalogue });
    expect(order.orderBaseInfo).toMatchObject({
      goodsAmount: 6.4,
      freight: 21.66,
      amount: 28.06,
      currencyCode: "USD",
      currencySymbol: "$",
    });
    expect(order.orderBaseInfo.logisticsName).toBe("YunExpress Standard");
    expect(order.orderItemInfos[0]).toMatchObject({ unitPrice: 3.2, goodsId: skuIdOf(MUG_BLUE) });
  });

  it("keeps the store's figures for an order with a line it has not sourced, or to a country none of its methods reach", () => {
    const catalogue = seedCatalogue();
    expect(
      chargeFor(
        request([
          { variant: MUG_BLUE, quantity: 1, price: 24 },
          { variant: TOTE, quantity: 1, price: 30 },
        ]),
        catalogue,
      ),
    ).toBeNull();
    expect(chargeFor(request([{ variant: MUG_BLUE, quantity: 1, price: 24 }], "BR"), catalogue)).toBeNull();
    const order = buildOrder(request([{ variant: TOTE, quantity: 1, price: 30 }]), { ...ids, catalogue });
    expect(order.orderBaseInfo).toMatchObject({ goodsAmount: 30, freight: 4.9, amount: 99, currencyCode: "EUR" });
  });
});
