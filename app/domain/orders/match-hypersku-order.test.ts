import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import { findExactMatch, findExactMatches, getHyperskuOrderId, isSameOrder } from "./match-hypersku-order";

const listed = (base: Record<string, unknown>): HyperskuOrder => ({ orderBaseInfo: base }) as HyperskuOrder;
const reference = { storeOrderId: "1001", storeCode: "shop.myshopify.com" };

describe("findExactMatch", () => {
  it("never falls back to the first result: another order is not this one", () => {
    const other = listed({ orderId: 7, storeOrderId: "2002" });
    expect(findExactMatch([other], reference)).toBeNull();
  });

  it("picks the listed order whose storeOrderId is this order's, wherever it is in the list", () => {
    const mine = listed({ orderId: 9, storeOrderId: "1001" });
    expect(findExactMatch([listed({ orderId: 7, storeOrderId: "2002" }), mine], reference)).toBe(mine);
  });

  it("refuses a match from another store when HyperSKU names the store", () => {
    expect(isSameOrder(listed({ orderId: 9, storeOrderId: "1001", storeCode: "other.myshopify.com" }), reference)).toBe(false);
    expect(isSameOrder(listed({ orderId: 9, storeOrderId: "1001", storeCode: "Shop.myshopify.com" }), reference)).toBe(true);
    expect(isSameOrder(listed({ orderId: 9, storeOrderId: "1001" }), reference)).toBe(true);
  });

  it("ignores a match without HyperSKU's id: it proves nothing the app can follow", () => {
    expect(findExactMatch([listed({ storeOrderId: "1001" })], reference)).toBeNull();
    expect(findExactMatch([{} as HyperskuOrder, listed({ orderId: null, storeOrderId: "1001" })], reference)).toBeNull();
  });

  it("once HyperSKU's id is known, only that order counts", () => {
    const duplicate = listed({ orderId: 10, storeOrderId: "1001" });
    const known = listed({ orderId: 9, storeOrderId: "1001" });
    expect(findExactMatch([duplicate, known], { ...reference, hyperskuOrderId: "9" })).toBe(known);
    expect(findExactMatch([duplicate], { ...reference, hyperskuOrderId: "9" })).toBeNull();
  });

  it("accepts a numeric storeOrderId and reads the id as the app stores it", () => {
    expect(isSameOrder(listed({ orderId: 9, storeOrderId: 1001 }), reference)).toBe(true);
    expect(getHyperskuOrderId(listed({ orderId: 9 }))).toBe("9");
    expect(getHyperskuOrderId(listed({}))).toBeNull();
  });
});

describe("findExactMatches", () => {
  it("lists every copy of this order once, the earliest (lowest HyperSKU id) first, and nothing else", () => {
    const late = listed({ orderId: 7, storeOrderId: "1001" });
    const resent = listed({ orderId: 10, storeOrderId: "1001" });
    const found = [resent, listed({ orderId: 8, storeOrderId: "2002" }), late, listed({ storeOrderId: "1001" }), resent];
    expect(findExactMatches(found, reference)).toEqual([late, resent]);
    expect(findExactMatches([listed({ orderId: 8, storeOrderId: "2002" })], reference)).toEqual([]);
  });
});
