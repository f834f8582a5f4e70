// createOrderFromExternal's strict validation and 2.7 response, duplicates, and the other order
// and logistics operations, in both envelope forms.
import { describe, expect, it } from "vitest";
import { PATHS, buildAddress, buildExternalOrder, buildLineItem, call, connect, createOrder, dataOf, startSimulator } from "./test-support";

async function connected(options: Parameters<typeof startSimulator>[0] = {}) {
  const simulator = await startSimulator(options);
  const { accessToken } = await connect(simulator);
  return { simulator, token: accessToken as string };
}

const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("createOrderFromExternal validation", () => {
  it.each([
    ["a string sent as a number", { storeOrderId: 1001 }, "storeOrderId must be a string (got number 1001)"],
    ["a number sent as a string", { totalPrice: "37.50" }, "totalPrice must be a number (got string)"],
    ["isPaid sent as a string", { isPaid: "true" }, "isPaid must be a boolean (got string)"],
    ["a missing storeOrderId", { storeOrderId: undefined }, "storeOrderId is required"],
    ["an empty storeCode", { storeCode: " " }, "storeCode must not be empty"],
    ["empty line items", { lineItems: [] }, "lineItems must not be empty"],
    ["a null optional field", { storeName: null }, "storeName must be a string (got null)"],
    ["an unknown field", { note: "gift" }, "note is not a field of this request"],
    ["a date without a zone", { createdAt: "2024-05-01 12:00:00" }, "createdAt must be an ISO-8601 date-time"],
    ["a lower-case currency", { currency: "usd" }, "currency must be a three-letter ISO 4217 code"],
  ])("rejects %s, naming the field", async (_case, overrides, message) => {
    const { simulator, token } = await connected();
    const response = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder(overrides) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 40001, data: null, rel: false });
    expect(response.body.message).toContain(message);
    expect(simulator.control.orders()).toEqual([]);
  });

  it.each([
    ["a line item without its id", { storeOrderLineItemId: undefined }, "lineItems[0].storeOrderLineItemId is required"],
    ["a zero quantity", { quantity: 0 }, "lineItems[0].quantity must be greater than 0"],
    ["a fractional quantity", { quantity: 1.5 }, "lineItems[0].quantity must be a whole number (got number 1.5)"],
    ["a price as a string", { price: "9.99" }, "lineItems[0].price must be a number (got string)"],
  ])("rejects %s", async (_case, overrides, message) => {
    const { simulator, token } = await connected();
    const body = buildExternalOrder({ lineItems: [buildLineItem(overrides)] });
    const response = await call(simulator, "POST", PATHS.create, { token, body });
    expect(response.body.status).toBe(40001);
    expect(response.body.message).toContain(message);
  });

  it.each([
    ["countryCode", { countryCode: undefined }, "shippingAddress.countryCode is required"],
    ["address1", { address1: "" }, "shippingAddress.address1 must not be empty"],
    ["city", { city: 7 }, "shippingAddress.city must be a string (got number 7)"],
    ["a name", { firstName: "", lastName: undefined }, "shippingAddress.firstName or lastName is required"],
  ])("rejects a shipping address without %s", async (_case, overrides, message) => {
    const { simulator, token } = await connected();
    const body = buildExternalOrder({ shippingAddress: buildAddress(overrides) });
    const response = await call(simulator, "POST", PATHS.create, { token, body });
    expect(response.body.status).toBe(40001);
    expect(response.body.message).toContain(message);
  });

  it("rejects a duplicated line item id", async () => {
    const { simulator, token } = await connected();
    const lineItems = [buildLineItem({ storeOrderLineItemId: "9" }), buildLineItem({ storeOrderLineItemId: "9" })];
    const response = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder({ lineItems }) });
    expect(response.body.message).toContain("lineItems[1].storeOrderLineItemId duplicates lineItems[0]");
  });

  it("answers HTTP 400 with the same body in the bare form", async () => {
    const { simulator, token } = await connected({ envelope: "bare" });
    const response = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder({ lineItems: [] }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 40001, message: "lineItems must not be empty" });
  });

  it("insists on JSON", async () => {
    const { simulator, token } = await connected();
    const wrongType = await call(simulator, "POST", PATHS.create, { token, rawBody: "{}", contentType: "text/plain" });
    expect(wrongType.status).toBe(415);
    const broken = await call(simulator, "POST", PATHS.create, { token, rawBody: "{oops" });
    expect(broken.body).toMatchObject({ status: 40001, message: "body is not valid JSON" });
  });
});

describe("createOrderFromExternal result", () => {
  it("is an Order in exactly the 2.7 shape, with no e-mail in the address", async () => {
    const { simulator, token } = await connected();
    const request = buildExternalOrder({ currency: "EUR", storeOrderNo: "#1001" });
    const order = dataOf(await call(simulator, "POST", PATHS.create, { token, body: request }));

    expect(Object.keys(order).sort()).toEqual(["logisticsItems", "orderAddressInfo", "orderBaseInfo", "orderItemInfos"]);
    expect(order.logisticsItems).toEqual([]);
    expect(order.orderAddressInfo).toEqual({
      address1: "1 Main Street",
      address2: "Apt 2",
      city: "Springfield",
      countryCode: "US",
      countryName: "United States",
      firstName: "Ada",
      idNo: "",
      lastName: "Lovelace",
      phone: "+1 555 0100",
      province: "IL",
      region: expect.any(String),
      taxNo: "",
      vatNo: expect.any(String),
      zip: "62701",
    });
    const base = order.orderBaseInfo;
    expect(Object.keys(base).sort()).toEqual([
      "actualAmount",
      "amount",
      "createTime",
      "currencyCode",
      "currencySymbol",
      "freight",
      "goodsAmount",
      "isPaid",
      "logisticsName",
      "orderId",
      "payTime",
      "platform",
      "platformDesc",
      "purchaseTime",
      "shelfTime",
      "status",
      "statusDesc",
      "storeOrderId",
      "storeOrderNo",
    ]);
    expect(base).toMatchObject({
      status: 8,
      statusDesc: "Pending Sourcing",
      currencyCode: "EUR",
      currencySymbol: "€",
      isPaid: true,
      amount: 37.5,
      actualAmount: 37.5,
      freight: 4.5,
      goodsAmount: 30,
      platform: 1,
      storeOrderId: request.storeOrderId,
      storeOrderNo: "#1001",
      payTime: "2024-05-01T12:01:00.000Z",
    });
    expect(base.orderId).toEqual(expect.any(Number));
    expect(base.createTime).toMatch(ISO_MS_Z);

    expect(order.orderItemInfos).toHaveLength(2);
    for (const [index, item] of order.orderItemInfos.entries()) {
      const line = request.lineItems[index];
      expect(Object.keys(item).sort()).toEqual([
        "currencyCode",
        "currencySymbol",
        "goodsAttr",
        "goodsId",
        "id",
        "imgUrl",
        "productId",
        "quantity",
        "status",
        "statusDes",
        "storeOrderLineItemId",
        "storeProductId",
        "storeSkuId",
        "storeVariantId",
        "title",
        "type",
        "unitPrice",
      ]);
      expect(item).toMatchObject({
        storeOrderLineItemId: line.storeOrderLineItemId,
        quantity: line.quantity,
        unitPrice: line.price,
        status: 8,
        statusDes: "Pending Sourcing",
        currencyCode: "EUR",
        goodsAttr: "Red",
        title: "Mug",
        storeProductId: "222",
        storeSkuId: "MUG-RED",
        storeVariantId: "333",
        imgUrl: line.variantImg,
      });
      for (const field of ["goodsId", "id", "productId", "type"]) expect(item[field]).toEqual(expect.any(Number));
    }
  });

  it("numbers orders and items monotonically", async () => {
    const { simulator, token } = await connected();
    const first = await createOrder(simulator, token);
    const second = await createOrder(simulator, token);
    expect(second.orderBaseInfo.orderId).toBe(first.orderBaseInfo.orderId + 1);
    expect(second.orderItemInfos[0].id).toBeGreaterThan(first.orderItemInfos[1].id);
  });
});

describe("duplicate createOrderFromExternal", () => {
  it("return-existing answers with the stored order", async () => {
    const { simulator, token } = await connected();
    const body = buildExternalOrder();
    const first = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    const second = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    expect(second.orderBaseInfo.orderId).toBe(first.orderBaseInfo.orderId);
    expect(simulator.control.orders()).toHaveLength(1);
  });

  it("reject answers with a business error naming the existing order", async () => {
    const { simulator, token } = await connected({ duplicateCreate: "reject" });
    const body = buildExternalOrder();
    const first = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    const second = await call(simulator, "POST", PATHS.create, { token, body });
    expect(second.body.status).toBe(40009);
    expect(second.body.message).toContain(String(first.orderBaseInfo.orderId));
    expect(simulator.control.orders()).toHaveLength(1);
  });

  it("create-duplicate stores a second order, found by getOrdersByExternalOrderId", async () => {
    const { simulator, token } = await connected({ duplicateCreate: "create-duplicate" });
    const body = buildExternalOrder();
    await call(simulator, "POST", PATHS.create, { token, body });
    await call(simulator, "POST", PATHS.create, { token, body });
    const found = dataOf(
      await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeCode: body.storeCode, storeOrderId: body.storeOrderId } }),
    );
    expect(found).toHaveLength(2);
    expect(found[0].orderBaseInfo.orderId).not.toBe(found[1].orderBaseInfo.orderId);
  });

  it("treats the same storeOrderId of another store as a different order", async () => {
    const { simulator, token } = await connected({ duplicateCreate: "reject" });
    const body = buildExternalOrder();
    await call(simulator, "POST", PATHS.create, { token, body });
    const other = await call(simulator, "POST", PATHS.create, { token, body: { ...body, storeCode: "other.myshopify.com" } });
    expect(other.body.status).toBe(200);
  });
});

describe("order look-ups", () => {
  it("getOrdersByExternalOrderId returns [] for an unknown order and validates its body", async () => {
    const { simulator, token } = await connected();
    const none = await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeCode: "x", storeOrderId: "404" } });
    expect(dataOf(none)).toEqual([]);
    const bad = await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeOrderId: 404 } });
    expect(bad.body.message).toBe("storeCode is required; storeOrderId must be a string (got number 404)");
  });

  it("getOrdersStatus answers for known ids and leaves unknown ones out", async () => {
    const { simulator, token } = await connected();
    const order = await createOrder(simulator, token);
    const { orderId, storeOrderId } = order.orderBaseInfo;
    const rows = dataOf(await call(simulator, "POST", PATHS.status, { token, body: [orderId, 999] }));
    expect(rows).toEqual([{ orderId, status: 8, statusDesc: "Pending Sourcing", storeOrderId }]);
    const bad = await call(simulator, "POST", PATHS.status, { token, body: [String(orderId)] });
    expect(bad.body.message).toBe("body[0] must be a number (got string)");
  });

  it("listOrderByStoreOrderId pages as {total, rows}, bare when configured", async () => {
    const { simulator, token } = await connected();
    const order = await createOrder(simulator, token);
    const page = dataOf(await call(simulator, "GET", PATHS.list(order.orderBaseInfo.storeOrderId), { token }));
    expect(page).toEqual({ total: 1, rows: [order] });
    simulator.control.configure({ envelope: "bare" });
    const bare = await call(simulator, "GET", PATHS.list("nothing"), { token });
    expect(bare.body).toEqual({ total: 0, rows: [] });
  });

  it("getStockOrderInfo answers an empty page and checks its paging", async () => {
    const { simulator, token } = await connected();
    expect(dataOf(await call(simulator, "GET", `${PATHS.stock}?pageNum=1&pageSize=20`, { token }))).toEqual({ total: 0, rows: [] });
    const bad = await call(simulator, "GET", `${PATHS.stock}?pageSize=0`, { token });
    expect(bad.body.message).toBe("pageSize must be a positive whole number");
  });
});

describe("logistics operations", () => {
  it("getCountryCode lists {countryCode, countryName}", async () => {
    const { simulator, token } = await connected();
    const countries = dataOf(await call(simulator, "GET", PATHS.countries, { token }));
    expect(countries).toContainEqual({ countryCode: "US", countryName: "United States" });
  });

  it("getLogisticsSku quotes services and validates its body", async () => {
    const { simulator, token } = await connected();
    const skuId = simulator.control.catalogue()[0].skuInfos[0].skuId;
    const quotes = dataOf(
      await call(simulator, "POST", PATHS.logisticsSku, { token, body: { countryCode: "US", skuItems: [{ skuId, num: 2 }] } }),
    );
    expect(quotes[0]).toMatchObject({ logisticsName: expect.any(String), freight: expect.any(Number), deliveryDays: expect.any(String) });
    const bad = await call(simulator, "POST", PATHS.logisticsSku, {
      token,
      body: { countryCode: "US", skuItems: [{ skuId: "1", num: 0 }] },
    });
    expect(bad.body.message).toBe("skuItems[0].skuId must be a number (got string); skuItems[0].num must be greater than 0");
    const empty = await call(simulator, "POST", PATHS.logisticsSku, { token, body: { countryCode: "US", skuItems: [] } });
    expect(empty.body.message).toBe("skuItems must not be empty");
  });

  it("internationalLogisticsInfo is empty before shipping", async () => {
    const { simulator, token } = await connected();
    const order = await createOrder(simulator, token);
    expect(dataOf(await call(simulator, "GET", PATHS.logistics(order.orderBaseInfo.storeOrderId), { token }))).toEqual([]);
  });
});

describe("routing", () => {
  it("answers an unknown path with 404 and a known path with the wrong method with 405", async () => {
    const { simulator, token } = await connected();
    const unknown = await call(simulator, "GET", "/api/customer/admin/orders/getPrivateProduct", { token });
    expect(unknown.status).toBe(404);
    // The framework's own error body, not a HyperSKU envelope: no data, no message.
    expect(unknown.body).toEqual({
      timestamp: expect.any(String),
      status: 404,
      error: "Not Found",
      path: "/api/customer/admin/orders/getPrivateProduct",
    });
    expect((await call(simulator, "GET", `${PATHS.create}/`, { token })).status).toBe(404);
    const wrong = await call(simulator, "GET", PATHS.create, { token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});
