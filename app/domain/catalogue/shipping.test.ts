import { deliveryTimeOf } from "./shipping.server";

describe("deliveryTimeOf", () => {
  it("says HyperSKU's delivery time in days, from its text or its numbers", () => {
    expect(deliveryTimeOf({ deliveryDays: "7-15", minDeliveryDays: null, maxDeliveryDays: null })).toBe("7-15 days");
    expect(deliveryTimeOf({ deliveryDays: 9, minDeliveryDays: null, maxDeliveryDays: null })).toBe("9 days");
    expect(deliveryTimeOf({ deliveryDays: null, minDeliveryDays: 5, maxDeliveryDays: 8 })).toBe("5-8 days");
    expect(deliveryTimeOf({ deliveryDays: null, minDeliveryDays: 6, maxDeliveryDays: 6 })).toBe("6 days");
    expect(deliveryTimeOf({ deliveryDays: null, minDeliveryDays: null, maxDeliveryDays: 20 })).toBe("up to 20 days");
    expect(deliveryTimeOf({ deliveryDays: " ", minDeliveryDays: null, maxDeliveryDays: null })).toBeNull();
  });
});
