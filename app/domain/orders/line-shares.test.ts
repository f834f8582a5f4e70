/**
 * Each line's share of its order's money (line-shares.ts), on orders worked out by hand: the shares of
 * all lines make the order's amounts exactly, and the sent lines' sum is what a mixed cart tells HyperSKU.
 */
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { lineShares, sharesTotal } from "./line-shares";
import { orderMoney } from "./order-money";
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

type Line = { price: string; quantity?: number; discount?: string } & Partial<ShopifyLineItemSnapshot>;

/** An order of these lines in `currency`, with the order-level amounts given in `fields`. */
function orderOf(currency: string, lines: Line[], fields: Partial<ShopifyOrderSnapshot>): ShopifyOrderSnapshot {
  const base = buildOrderSnapshot();
  const template = base.lineItems[0];
  const lineItems = lines.map(({ price, quantity = 1, discount = "0", ...rest }, index) => ({
    ...template,
    id: String(100 + index),
    productId: String(700 + index),
    variantId: String(4200 + index),
    title: `Item ${index}`,
    quantity,
    currentQuantity: quantity,
    fulfillableQuantity: quantity,
    unitPrice: price,
    discountTotal: discount,
    ...rest,
  }));
  return {
    ...base,
    currency,
    shopCurrency: currency,
    taxesIncluded: false,
    totalDuties: "0",
    totalTip: "0",
    unallocatedDiscount: "0",
    lineItems,
    ...fields,
  };
}

function sharesOf(order: ShopifyOrderSnapshot) {
  const money = orderMoney(order, order.currency!);
  expect(money.mismatch).toBe(0);
  return lineShares(order, money);
}

const ids = (...indexes: number[]) => new Set(indexes.map((index) => String(100 + index)));

describe("lineShares", () => {
  it("a mug, a poster Printful prints and a candle: shipping by value, tax on value and shipping, to the cent", () => {
    // Values 48.00 : 30.00 : 54.00 of 132.00. Shipping 5.00 -> 1.818, 1.136, 2.045: floors 4.98, the two largest
    // remainders (mug, poster) get a cent each. Tax 10.00 on 49.82 : 31.14 : 56.04 of 137.00 -> 3.636, 2.273, 4.090:
    // floors 9.99, the mug gets the last cent.
    const order = orderOf("USD", [{ price: "24.00", quantity: 2 }, { price: "30.00" }, { price: "18.00", quantity: 3 }], {
      totalShipping: "5.00",
      totalTax: "10.00",
      totalPrice: "147.00",
    });
    const shares = sharesOf(order);
    expect(shares.map((s) => [s.goods, s.shipping, s.tax, s.total])).toEqual([
      [4800, 182, 364, 5346],
      [3000, 114, 227, 3341],
      [5400, 204, 409, 6013],
    ]);
    expect(sharesTotal(shares, ids(0))).toEqual({ totalPrice: 5346, tax: 364, shipping: 182 });
    expect(sharesTotal(shares, ids(0, 1, 2))).toEqual({ totalPrice: 14700, tax: 1000, shipping: 500 });
  });

  it("JPY, tax included, ¥1000 off given only as the order's total: whole yen, the shares make ¥8640", () => {
    // The contract's example: lines 1330, 3902, 2608 after the discount's shares; shipping ¥800; tax ¥785 inside.
    // Shipping 800 × line ÷ 7840 -> 135.71, 398.16, 266.12 -> 136, 398, 266.
    // Tax 785 × (line + shipping) ÷ 8640 -> 133.20, 390.68, 261.12 -> 133, 391, 261; not added: it is in the prices.
    const order = orderOf("JPY", [{ price: "1500" }, { price: "2200", quantity: 2 }, { price: "980", quantity: 3 }], {
      taxesIncluded: true,
      unallocatedDiscount: "1000",
      totalShipping: "800",
      totalTax: "785",
      totalPrice: "8640",
    });
    const shares = sharesOf(order);
    expect(shares.map((s) => [s.goods, s.shipping, s.tax, s.total])).toEqual([
      [1330, 136, 133, 1466],
      [3902, 398, 391, 4300],
      [2608, 266, 261, 2874],
    ]);
    // The keyring ships from elsewhere: HyperSKU hears of the other two.
    expect(sharesTotal(shares, ids(0, 1))).toEqual({ totalPrice: 5766, tax: 524, shipping: 534 });
  });

  it("EUR, tax included, 10% off allocated per line: each line's VAT share stays inside its total", () => {
    // The contract's example: 53.82 and 13.50 after discounts, shipping 4.90, VAT 12.04 inside, total 72.22.
    const order = orderOf(
      "EUR",
      [
        { price: "29.90", quantity: 2, discount: "5.98" },
        { price: "15.00", discount: "1.50" },
      ],
      {
        taxesIncluded: true,
        totalShipping: "4.90",
        totalTax: "12.04",
        totalPrice: "72.22",
      },
    );
    const shares = sharesOf(order);
    expect(shares.map((s) => [s.goods, s.shipping, s.tax, s.total])).toEqual([
      [5382, 392, 963, 5774],
      [1350, 98, 241, 1448],
    ]);
    expect(sharesTotal(shares, ids(0))).toEqual({ totalPrice: 5774, tax: 963, shipping: 392 });
  });

  it("a free-shipping code: no line carries shipping", () => {
    const order = orderOf("USD", [{ price: "24.00", quantity: 2 }, { price: "12.50" }], {
      totalShipping: "0.00",
      totalTax: "3.20",
      totalPrice: "63.70",
    });
    const shares = sharesOf(order);
    expect(shares.map((s) => [s.shipping, s.tax, s.total])).toEqual([
      [0, 254, 5054],
      [0, 66, 1316],
    ]);
  });

  it("a gift card and an e-book carry no shipping or duties, the gift card no tax; the tip is everyone's", () => {
    // Tax 3.00 on 25.00 (mug with its shipping) : 10.00 (e-book) -> 2.14, 0.86. Tip 1.00 on 20 : 50 : 10 ->
    // 0.25, 0.625, 0.125: the half-cent tie goes to the larger line.
    const order = orderOf(
      "USD",
      [{ price: "20.00" }, { price: "50.00", isGiftCard: true, requiresShipping: false }, { price: "10.00", requiresShipping: false }],
      { totalShipping: "5.00", totalTax: "3.00", totalDuties: "2.00", totalTip: "1.00", totalPrice: "91.00" },
    );
    const shares = sharesOf(order);
    expect(shares.map((s) => [s.goods, s.shipping, s.tax, s.duties, s.tips, s.total])).toEqual([
      [2000, 500, 214, 200, 25, 2939],
      [5000, 0, 0, 0, 63, 5063],
      [1000, 0, 86, 0, 12, 1098],
    ]);
  });

  it("items all free: shipping goes by units, so none of it is lost", () => {
    const order = orderOf("USD", [{ price: "0.00", quantity: 2 }, { price: "0.00" }], {
      totalShipping: "6.00",
      totalTax: "0.00",
      totalPrice: "6.00",
    });
    expect(sharesOf(order).map((s) => s.shipping)).toEqual([400, 200]);
  });

  it("an amount Shopify does not give is unknown in every share, and so is the total", () => {
    const order = orderOf("EUR", [{ price: "20.00" }, { price: "10.00" }], {
      totalShipping: "4.00",
      totalTax: "0.00",
      totalTip: null, // REST gives tips only in the shop's currency
      totalPrice: "39.00",
    });
    const shares = lineShares(order, orderMoney(order, "EUR"));
    expect(shares.map((s) => [s.tips, s.total])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(sharesTotal(shares, ids(0))).toEqual({ totalPrice: null, tax: 0, shipping: 267 });
  });
});
