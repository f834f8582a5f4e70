import { customersDataRequestSchema, customersRedactSchema, shopRedactSchema } from "./compliance-payloads";

describe("compliance payloads", () => {
  it("read Shopify's customers/redact example, ids as strings", () => {
    const parsed = customersRedactSchema.parse({
      shop_id: 954889041,
      shop_domain: "shop.myshopify.com",
      customer: { id: 191167, email: " john@example.com ", phone: "555-625-1199" },
      orders_to_redact: [299938, 280263, 220458],
    });
    expect(parsed.customer).toEqual({ id: "191167", email: "john@example.com", phone: "555-625-1199" });
    expect(parsed.orders_to_redact).toEqual(["299938", "280263", "220458"]);
  });

  it("tolerate missing parts: no customer, no orders, empty strings", () => {
    expect(customersRedactSchema.parse({ shop_domain: "s" })).toMatchObject({
      customer: { id: null, email: null, phone: null },
      orders_to_redact: [],
    });
    expect(customersDataRequestSchema.parse({ customer: { email: "" }, data_request: { id: 9999 } })).toMatchObject({
      customer: { email: null },
      orders_requested: [],
      data_request: { id: "9999" },
    });
    expect(shopRedactSchema.safeParse({ shop_id: 1, shop_domain: "s" }).success).toBe(true);
    expect(customersRedactSchema.safeParse({ orders_to_redact: "all" }).success).toBe(false);
  });
});
