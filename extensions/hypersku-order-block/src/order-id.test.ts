import { describe, expect, it } from "vitest";
import { getSelectedOrderId } from "./order-id";

describe("getSelectedOrderId", () => {
  it("takes the numeric id of the order the admin has open", () => {
    expect(getSelectedOrderId([{ id: "gid://shopify/Order/5600000000001" }])).toBe("5600000000001");
    expect(getSelectedOrderId([{ id: "5600000000001" }])).toBe("5600000000001");
  });

  it("is null when nothing, or something other than an order, is selected", () => {
    expect(getSelectedOrderId([])).toBeNull();
    expect(getSelectedOrderId(undefined)).toBeNull();
    expect(getSelectedOrderId([{ id: "gid://shopify/Product/1" }])).toBeNull();
    expect(getSelectedOrderId([{ id: "gid://shopify/Order/../../admin" }])).toBeNull();
  });
});
