import { combineDeliveryMethods, deliveryMethodOfWord, notAParcel } from "./delivery-method";

describe("deliveryMethodOfWord", () => {
  it.each([
    // GraphQL DeliveryMethodType
    ["PICK_UP", "pickup"],
    ["RETAIL", "pickup"],
    ["LOCAL", "local_delivery"],
    ["SHIPPING", "shipping"],
    ["PICKUP_POINT", "shipping"],
    // REST delivery_category and Shopify's own rate codes
    ["pick-up", "pickup"],
    ["pickup", "pickup"],
    ["Local Delivery", "local_delivery"],
    ["local_delivery", "local_delivery"],
  ])("reads %j as %j", (word, method) => {
    expect(deliveryMethodOfWord(word)).toBe(method);
  });

  it.each([null, undefined, "", "NONE", "Standard", "Express", "UPS Ground", "constructor", "FREE - Please allow 7-14 business days"])(
    "says nothing for %j",
    (word) => {
      expect(deliveryMethodOfWord(word)).toBeNull();
    },
  );
});

describe("combineDeliveryMethods", () => {
  it("is a shipment when any delivery ships or none is known", () => {
    expect(combineDeliveryMethods([])).toBe("shipping");
    expect(combineDeliveryMethods([null, null])).toBe("shipping");
    expect(combineDeliveryMethods(["pickup", "shipping"])).toBe("shipping");
  });

  it("is pickup or local delivery when that is all it says", () => {
    expect(combineDeliveryMethods(["pickup", null])).toBe("pickup");
    expect(combineDeliveryMethods(["local_delivery"])).toBe("local_delivery");
  });
});

describe("notAParcel", () => {
  it("names the reason for pickup and local delivery, and none for shipping or an old snapshot", () => {
    expect(notAParcel({ deliveryMethod: "pickup" })).toBe("local_pickup");
    expect(notAParcel({ deliveryMethod: "local_delivery" })).toBe("local_delivery");
    expect(notAParcel({ deliveryMethod: "shipping" })).toBeNull();
    expect(notAParcel({})).toBeNull();
  });
});
