// The simulator's catalogue: private products linked to the Shopify twin's demo catalogue, sourcing on
// command, stock, SKUs no longer offered, shipping quotes from the table, stock orders and getToken.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE } from "../shopify/product-catalogue";
import { SIM_LOGIN } from "./operations/auth";
import { skuIdOf } from "./private-products";
import { PATHS, call, connect, createOrder, buildLineItem, dataOf, startSimulator } from "./test-support";

const [MUG, TOTE, KEYRING] = DEMO_CATALOGUE;
const MUG_BLUE = skuIdOf(String(MUG.variants[0].id));
const MUG_WHITE = skuIdOf(String(MUG.variants[1].id));
const KEYRING_BRASS = skuIdOf(String(KEYRING.variants[0].id));

async function connected() {
  const simulator = await startSimulator();
  const { accessToken } = await connect(simulator);
  return { simulator, token: accessToken as string };
}

const byStoreId = (simulator: Awaited<ReturnType<typeof startSimulator>>, storeProductId: number) =>
  simulator.control.catalogue().find((product) => product.storeProductId === String(storeProductId))!;

describe("the seeded catalogue", () => {
  it("links the demo shop's products: the mug sourced with stock for one SKU, the tote not sourced, the keyring without stock", async () => {
    const { simulator, token } = await connected();
    const page = dataOf(await call(simulator, "GET", `${PATHS.privateProducts}?pageNum=1&pageSize=20`, { token }));
    expect(page.total).toBe(3);
    const mug = page.rows.find((row: { storeProductId: string }) => row.storeProductId === String(MUG.id));
    expect(mug).toMatchObject({ sourcingStatus: 3, sourcingStatusDesc: "Sourced", title: "Ceramic Mug" });
    expect(mug.skuInfos).toHaveLength(2);
    expect(mug.skuInfos[0]).toMatchObject({
      skuId: MUG_BLUE,
      storeVariantId: String(MUG.variants[0].id),
      skuAttributes: [
        { attrName: "Colour", attrValue: "Blue" },
        { attrName: "Size", attrValue: "Large" },
      ],
      unitPrice: 3.2,
      currencyCode: "USD",
      stock: 120,
      skuStatus: 1,
    });
    expect(mug.skuInfos[1]).toMatchObject({ skuId: MUG_WHITE, stock: null });
    expect(byStoreId(simulator, TOTE.id)).toMatchObject({ sourcingStatus: 1, skuInfos: [] });
    const keyring = byStoreId(simulator, KEYRING.id);
    expect(keyring.skuInfos[0]).toMatchObject({ skuId: KEYRING_BRASS, stock: null });
    expect(keyring.skuInfos[0].supportedCountries).toContainEqual({
      countryCode: "CA",
      countryName: "Canada",
      regionCodes: ["ON", "QC", "BC"],
    });
  });

  it("an order's goodsId is the catalogue's skuId for the same variant, and it ships from the stock held", async () => {
    const { simulator, token } = await connected();
    const order = await createOrder(simulator, token, {
      lineItems: [
        buildLineItem({ storeProductId: String(MUG.id), storeVariantId: String(MUG.variants[0].id), quantity: 3 }),
        buildLineItem({
          storeOrderLineItemId: "112",
          storeProductId: String(MUG.id),
          storeVariantId: String(MUG.variants[1].id),
          quantity: 2,
        }),
      ],
    });
    expect(order.orderItemInfos[0].goodsId).toBe(MUG_BLUE);
    expect(byStoreId(simulator, MUG.id).skuInfos.map((sku) => sku.stock)).toEqual([117, null]);
    simulator.control.setStock(MUG_BLUE, 1);
    await createOrder(simulator, token, {
      lineItems: [buildLineItem({ storeProductId: String(MUG.id), storeVariantId: String(MUG.variants[0].id), quantity: 3 })],
    });
    expect(byStoreId(simulator, MUG.id).skuInfos[0].stock).toBe(0);
  });

  it("pages getPrivateProduct and checks its paging; getProductInfo answers one product or 40004", async () => {
    const { simulator, token } = await connected();
    const second = dataOf(await call(simulator, "GET", `${PATHS.privateProducts}?pageNum=2&pageSize=2`, { token }));
    expect(second).toMatchObject({ total: 3, rows: [expect.any(Object)] });
    const bad = await call(simulator, "GET", `${PATHS.privateProducts}?pageSize=500`, { token });
    expect(bad.body).toMatchObject({ status: 40001, message: "pageSize must be at most 100" });
    const mug = byStoreId(simulator, MUG.id);
    expect(dataOf(await call(simulator, "GET", PATHS.productInfo(mug.productId), { token }))).toEqual(mug);
    expect((await call(simulator, "GET", PATHS.productInfo(1), { token })).body).toMatchObject({ status: 40004 });
    expect((await call(simulator, "GET", PATHS.productInfo(1), {})).status).toBe(401);
  });
});

describe("catalogue commands", () => {
  it("advanceSourcing moves the tote Not Sourced -> Sourcing -> Sourced with a SKU per variant, then refuses", async () => {
    const { simulator } = await connected();
    const tote = byStoreId(simulator, TOTE.id);
    expect(simulator.control.advanceSourcing(tote.productId)[0]).toMatchObject({ sourcingStatus: 2, skuInfos: [] });
    const [sourced] = simulator.control.advanceSourcing("all");
    expect(sourced).toMatchObject({ productId: tote.productId, sourcingStatus: 3 });
    expect(sourced.skuInfos).toEqual([
      expect.objectContaining({ storeVariantId: String(TOTE.variants[0].id), skuStatus: 1, unitPrice: expect.any(Number) }),
    ]);
    expect(() => simulator.control.advanceSourcing(tote.productId)).toThrow("already Sourced");
    expect(simulator.control.advanceSourcing("all")).toEqual([]);
  });

  it("advanceSourcing to unavailable; an unknown product is 404", async () => {
    const { simulator } = await connected();
    const tote = byStoreId(simulator, TOTE.id);
    expect(simulator.control.advanceSourcing(tote.productId, { to: "unavailable" })[0]).toMatchObject({ sourcingStatus: 4 });
    expect(() => simulator.control.advanceSourcing(42)).toThrow("does not exist");
  });

  it("sourceProduct sources at once, with given costs and stock; a new store product needs its variants", async () => {
    const { simulator } = await connected();
    const tote = simulator.control.sourceProduct(String(TOTE.id), {
      skus: [{ storeVariantId: String(TOTE.variants[0].id), unitPrice: 4.4, stock: 10 }],
    });
    expect(tote.skuInfos[0]).toMatchObject({ unitPrice: 4.4, stock: 10 });
    expect(() => simulator.control.sourceProduct("999")).toThrow("give its variants");
    const linked = simulator.control.linkProduct({
      storeProductId: "999",
      title: "Scarf",
      variants: [{ storeVariantId: "9991", title: "Red" }],
    });
    expect(linked).toMatchObject({ sourcingStatus: 1, title: "Scarf" });
    expect(simulator.control.sourceProduct("999").skuInfos).toHaveLength(1);
  });

  it("setStock and stopOfferingSku change what the API answers; quotes and stock orders refuse a SKU no longer offered", async () => {
    const { simulator, token } = await connected();
    expect(simulator.control.setStock(MUG_WHITE, 7).skuInfos[1].stock).toBe(7);
    expect(() => simulator.control.setStock(MUG_WHITE, -1)).toThrow("whole number");
    expect(() => simulator.control.setStock(1, 3)).toThrow("does not exist");
    simulator.control.stopOfferingSku(KEYRING_BRASS);
    const keyring = dataOf(await call(simulator, "GET", PATHS.productInfo(byStoreId(simulator, KEYRING.id).productId), { token }));
    expect(keyring.skuInfos[0]).toMatchObject({ skuStatus: 0, skuStatusDesc: "No Longer Offered" });
    const quote = await call(simulator, "POST", PATHS.logisticsSku, {
      token,
      body: { countryCode: "US", skuItems: [{ skuId: KEYRING_BRASS, num: 1 }] },
    });
    expect(quote.body).toMatchObject({ status: 40009, message: `skuId ${KEYRING_BRASS} is no longer offered` });
  });

  it("the catalogue persists with the state file, and reset seeds it again", async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hsku-cat-")), "state.json");
    const first = await startSimulator({ stateFile });
    first.control.setStock(MUG_WHITE, 3);
    await first.close();
    const second = await startSimulator({ stateFile });
    expect(byStoreId(second, MUG.id).skuInfos[1].stock).toBe(3);
    second.control.reset();
    expect(byStoreId(second, MUG.id).skuInfos[1].stock).toBeNull();
  });

  it("the control endpoints over HTTP", async () => {
    const { simulator } = await connected();
    const post = (route: string, body: unknown) =>
      fetch(`${simulator.url}/__sim/catalogue${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await (await post("/stock", { skuId: MUG_BLUE, stock: 5 })).json()).skuInfos[0].stock).toBe(5);
    expect((await post("/stock", { skuId: MUG_BLUE, stock: "5" })).status).toBe(400);
    expect((await (await post("/advance", { productId: "all" })).json())[0]).toMatchObject({ sourcingStatus: 2 });
    expect((await (await post("/source", { storeProductId: String(TOTE.id) })).json()).sourcingStatus).toBe(3);
    expect((await (await post("/stop-offering", { skuId: MUG_BLUE })).json()).skuInfos[0].skuStatus).toBe(0);
    expect((await post("/stop-offering", { skuId: 1 })).status).toBe(404);
    const listed = await (await fetch(`${simulator.url}/__sim/catalogue`)).json();
    expect(listed).toHaveLength(3);
  });
});

describe("shipping quotes from the catalogue", () => {
  it("getLogisticsSku answers the table's methods for the SKUs and country, deterministically", async () => {
    const { simulator, token } = await connected();
    const quote = (countryCode: string, skuItems: { skuId: number; num: number }[]) =>
      call(simulator, "POST", PATHS.logisticsSku, { token, body: { countryCode, skuItems } });
    const us = dataOf(await quote("US", [{ skuId: MUG_BLUE, num: 2 }]));
    expect(us).toEqual([
      {
        logisticsName: "YunExpress Standard",
        freight: 21.66,
        currencyCode: "USD",
        deliveryDays: "7-15",
        minDeliveryDays: 7,
        maxDeliveryDays: 15,
      },
      { logisticsName: "4PX Priority", freight: 36.86, currencyCode: "USD", deliveryDays: "5-9", minDeliveryDays: 5, maxDeliveryDays: 9 },
    ]);
    expect(dataOf(await quote("US", [{ skuId: MUG_BLUE, num: 2 }]))).toEqual(us);
    // Japan: one method only; two SKUs: costs add up.
    const jp = dataOf(
      await quote("JP", [
        { skuId: MUG_BLUE, num: 1 },
        { skuId: MUG_WHITE, num: 1 },
      ]),
    );
    expect(jp).toEqual([expect.objectContaining({ logisticsName: "YunExpress Standard", freight: 29.64, deliveryDays: "5-10" })]);
    // The keyring does not ship to Japan: no method for the parcel.
    expect(
      dataOf(
        await quote("JP", [
          { skuId: MUG_BLUE, num: 1 },
          { skuId: KEYRING_BRASS, num: 1 },
        ]),
      ),
    ).toEqual([]);
    expect((await quote("US", [{ skuId: 1, num: 1 }])).body).toMatchObject({ status: 40004 });
  });
});

describe("create (stock orders) and getToken, both inferred", () => {
  it("create places a stock order listed by getStockOrderInfo; unknown SKUs and bad bodies are refused", async () => {
    const { simulator, token } = await connected();
    const created = dataOf(
      await call(simulator, "POST", PATHS.stockCreate, { token, body: { skuItems: [{ skuId: MUG_BLUE, num: 10 }], remark: "restock" } }),
    );
    expect(created).toMatchObject({
      orderId: expect.any(Number),
      status: 1,
      statusDesc: "Pending Payment",
      amount: 32,
      currencyCode: "USD",
    });
    const page = dataOf(await call(simulator, "GET", `${PATHS.stock}?pageNum=1&pageSize=20`, { token }));
    expect(page).toEqual({ total: 1, rows: [created] });
    const unknown = await call(simulator, "POST", PATHS.stockCreate, { token, body: { skuItems: [{ skuId: 1, num: 1 }] } });
    expect(unknown.body).toMatchObject({ status: 40004 });
    const bad = await call(simulator, "POST", PATHS.stockCreate, { token, body: { skuItems: [], note: "x" } });
    expect(bad.body.message).toBe("skuItems must not be empty; note is not a field of this request");
  });

  it("getToken logs in with the account's credentials and answers a working token", async () => {
    const { simulator } = await connected();
    const tokens = dataOf(await call(simulator, "POST", PATHS.getToken, { body: SIM_LOGIN }));
    expect(tokens).toMatchObject({ accessToken: expect.any(String), scope: "oms" });
    expect((await call(simulator, "GET", PATHS.countries, { token: tokens.accessToken })).status).toBe(200);
    const wrong = await call(simulator, "POST", PATHS.getToken, { body: { ...SIM_LOGIN, password: "nope" } });
    expect(wrong.status).toBe(401);
  });
});
