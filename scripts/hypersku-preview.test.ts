// The preview command end to end: a child process on the fixture orders, as a merchant or support
// engineer would run it. It runs with an almost empty environment to prove it needs no app config.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mapOrderToExternalOrder } from "~/domain/orders/map-order";
import { parseAnyOrder } from "~/domain/orders/parse-any-order";
import { externalOrderSchema } from "~/integrations/hypersku/schemas";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIXTURES = path.join(ROOT, "tests/fixtures/orders");
const SHOP_ARGS = ["--shop", "example-shop.myshopify.com", "--shop-name", "Example Shop", "--platform", "3"];

type Run = { code: number; stdout: string; stderr: string };

function preview(...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir() };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/hypersku-preview.ts", ...args],
      { cwd: ROOT, env, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const fixture = (name: string) => path.join(FIXTURES, name);

/**
 * The request the app's own mapper makes of a fixture (every line routed to HyperSKU): the preview must
 * print exactly this, totals included (map-order.test.ts pins how the totals are made).
 */
function appRequest(name: string) {
  const parsed = parseAnyOrder(JSON.parse(readFileSync(fixture(name), "utf8")));
  if (!parsed.ok) throw new Error(`${name} does not parse`);
  const mapped = mapOrderToExternalOrder(parsed.value, { domain: "example-shop.myshopify.com", name: "Example Shop", platformCode: 3 });
  if (!mapped.ok) throw new Error(`${name} does not map`);
  return mapped.request;
}
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "hypersku-preview-"));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function scratchFile(name: string, content: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, content);
  return file;
}

type RestOrderJson = Record<string, unknown> & { line_items: Record<string, unknown>[] };

/** A fixture order changed for one case, written to the scratch folder. */
function changed(name: string, into: string, change: (order: RestOrderJson) => void): string {
  const order = JSON.parse(readFileSync(fixture(name), "utf8")) as RestOrderJson;
  change(order);
  return scratchFile(into, JSON.stringify(order));
}

const PAID = "rest-paid-multi-item-usd.json";
const lastLine = (run: Run) => run.stderr.trimEnd().split("\n").at(-1);

// Each run starts npx + tsx (a few seconds, more on a busy machine): generous time, runs in parallel.
describe.concurrent("hypersku:preview", { timeout: 60_000 }, () => {
  it("prints the request the app's mapper makes for a paid multi-item order, and lists what it left out", async () => {
    const run = await preview(fixture("rest-paid-multi-item-usd.json"), ...SHOP_ARGS);
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout);
    expect(externalOrderSchema.parse(request)).toEqual(request);
    // The same pure functions as the app, so the same request, to the byte (map-order.test.ts pins its fields).
    expect(request).toEqual(appRequest("rest-paid-multi-item-usd.json"));
    expect(request).toMatchObject({
      storeOrderId: "5612345678901",
      storeCode: "example-shop.myshopify.com",
      storeName: "Example Shop",
      platform: 3,
    });
    expect(
      request.lineItems.map((line: { storeOrderLineItemId: string; quantity: number }) => [line.storeOrderLineItemId, line.quantity]),
    ).toEqual([
      ["14012345678901", 2],
      ["14012345678902", 1],
    ]);
    // The customer's monogram travels with the item (personalisation reaches HyperSKU).
    expect(request.lineItems[1].variantAttr).toBe("Monogram: A.L.");
    expect(run.stderr).toContain('- left out: line item 14012345678903 ("Gift Card"): It is a gift card: nothing to ship.');
    expect(run.stderr).toContain("Routed by each line's fulfillment_service");
    expect(run.stderr.trimEnd().split("\n").at(-1)).toBe("Decision: the app sends order #1001 to HyperSKU now.");
  });

  it("sends an EUR order on a USD shop in euros, without the refunded mug, keeping umlauts", async () => {
    const run = await preview(fixture("rest-eur-on-usd-shop.json"), ...SHOP_ARGS);
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout);
    expect(request).toMatchObject({
      currency: "EUR",
      isPaid: true,
      status: "partially_refunded",
      totalPrice: 88.8,
      taxAmount: 14.18,
      totalShippingPrice: 4.9,
      shippingAddress: {
        firstName: "Jürgen",
        lastName: "Müller",
        address1: "Königstraße 5",
        city: "München",
        countryCode: "DE",
        phone: "+49 89 1234567",
        taxNo: "DE811907980",
      },
    });
    expect(
      request.lineItems.map((line: { title: string; price: number; quantity: number }) => [line.title, line.price, line.quantity]),
    ).toEqual([
      ["Wool Scarf", 39.9, 1],
      ["Ceramic Mug", 22, 1],
    ]);
    expect(run.stdout).toContain("Königstraße"); // UTF-8 as is, not \u-escaped
  });

  it("reads an Admin GraphQL order node, bare or as a whole response, the same way", async () => {
    const node = readFileSync(fixture("graphql-order-jpy.json"), "utf8");
    const wrapped = scratchFile("wrapped.json", JSON.stringify({ data: { order: JSON.parse(node) }, extensions: { cost: {} } }));
    const [bare, whole] = await Promise.all([preview(fixture("graphql-order-jpy.json"), ...SHOP_ARGS), preview(wrapped, ...SHOP_ARGS)]);
    expect([bare.code, whole.code]).toEqual([0, 0]);
    expect(whole.stdout).toBe(bare.stdout);
    const request = JSON.parse(bare.stdout);
    expect(externalOrderSchema.parse(request)).toEqual(request);
    expect(request).toEqual(appRequest("graphql-order-jpy.json"));
    expect(request).toMatchObject({ currency: "JPY", paidAt: "2026-07-17T01:19:59.000Z" });
    expect(request.lineItems).toEqual([
      {
        storeOrderLineItemId: "14012345679241",
        storeProductId: "7112345679241",
        storeVariantId: "42012345679241",
        storeSkuId: "CUP-MATCHA",
        title: "抹茶碗",
        // The variant, then the gift wrapping the customer asked for (noshi), in the item's attribute.
        variantAttr: "黒 | のし: 御祝",
        variantImg: "https://cdn.shopify.com/s/files/1/0700/1234/files/matcha-bowl-black.jpg?v=1752700000",
        productUrl: "https://example-shop.myshopify.com/products/matcha-bowl",
        price: 1467,
        quantity: 3,
      },
    ]);
    expect(request.shippingAddress).toMatchObject({ lastName: "山田", firstName: "太郎", city: "千代田区", province: "東京都" });
    expect(bare.stderr).toContain("ギフトラッピング");
  });

  it("lists the warnings the app notes on the order's timeline (here: no phone anywhere), and still sends", async () => {
    const order = JSON.parse(readFileSync(fixture(PAID), "utf8")) as Record<string, unknown>;
    const withoutPhone = {
      ...order,
      phone: null,
      customer: { ...(order.customer as object), phone: null },
      shipping_address: { ...(order.shipping_address as object), phone: null },
      billing_address: { ...(order.billing_address as object), phone: null },
    };
    const run = await preview(scratchFile("no-phone.json", JSON.stringify(withoutPhone)), ...SHOP_ARGS);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/- warning \(sent anyway, noted on the order's timeline\): .*phone/i);
  });

  it("uses a placeholder shop and platform 1 when none is given", async () => {
    const run = await preview(fixture("rest-paid-multi-item-usd.json"));
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout);
    expect(request).toMatchObject({ storeCode: "preview-shop.myshopify.com", platform: 1 });
    expect(request).not.toHaveProperty("storeName");
  });

  it("explains why an order without a shipping address cannot be sent, and exits 3", async () => {
    const run = await preview(fixture("rest-no-shipping-address.json"), ...SHOP_ARGS);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      "Decision: the app does not send order #1003 now (Needs attention): This order has no shipping address, so HyperSKU cannot ship it.",
    );
    expect(run.stderr).toContain("- [no_shipping_address] This order has no shipping address, so HyperSKU cannot ship it.");
    expect(run.stderr).toContain("What to do: Add a shipping address to the order in Shopify, then choose Retry.");
  });

  it("says a pickup or local delivery order is not for HyperSKU, REST or GraphQL, and prints no request", async () => {
    const [pickup, graphqlPickup, local] = await Promise.all([
      preview(fixture("rest-local-pickup.json"), ...SHOP_ARGS),
      preview(fixture("graphql-local-pickup.json"), ...SHOP_ARGS),
      preview(fixture("rest-local-delivery.json"), ...SHOP_ARGS),
    ]);
    expect([pickup.code, graphqlPickup.code, local.code]).toEqual([3, 3, 3]);
    expect([pickup.stdout, graphqlPickup.stdout, local.stdout]).toEqual(["", "", ""]);
    expect(pickup.stderr).toContain("Decision: the app does not send order #1022 now (Not for HyperSKU):");
    expect(pickup.stderr).toContain(
      "- [local_pickup] The customer picks this order up in person, so there is no parcel for HyperSKU to ship.",
    );
    expect(pickup.stderr).not.toContain("no_shipping_address");
    expect(graphqlPickup.stderr).toContain("- [local_pickup]");
    expect(local.stderr).toContain("- [local_delivery] This order goes out by your own local delivery");
  });

  it("routes a GraphQL order by its fulfillment orders: names each line sent or left out, and why", async () => {
    const file = fixture("graphql-mixed-cart-fulfillment-orders.json");
    const run = await preview(file, ...SHOP_ARGS, "--location", "gid://shopify/Location/1");
    expect(run.code).toBe(0);
    const request = externalOrderSchema.parse(JSON.parse(run.stdout));
    expect(request.lineItems.map((line) => [line.title, line.quantity, line.variantAttr])).toEqual([
      ["Ceramic Mug", 2, "Speckled | Engraving: Ada & Max"],
    ]);
    expect(run.stderr.split("\n").filter(Boolean)).toEqual([
      "Routed by the order's 2 fulfillment order(s) and locations gid://shopify/Location/1.",
      '- sent: line item 15010000000001 ("Ceramic Mug") × 2',
      '- left out: line item 15010000000002 ("Art Poster"): Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL).',
      '- left out: line item 15010000000003 ("Soy Candle"): It ships from Brooklyn studio, a location you do not fulfil through HyperSKU.',
      "Not checked here: your HyperSKU connection and catalogue, which the app checks just before sending (an item HyperSKU has not sourced yet holds the order).",
      "Decision: the app sends order #3101 to HyperSKU now.",
    ]);

    // Every location of the merchant's (no --location): the studio's candles go too; a rule keeps the mug back.
    const everywhere = await preview(file, ...SHOP_ARGS, "--exclude", "product: 72010000000001");
    expect(everywhere.code).toBe(0);
    expect(JSON.parse(everywhere.stdout).lineItems.map((line: { title: string }) => line.title)).toEqual(["Soy Candle"]);
    expect(everywhere.stderr).toContain(
      '- left out: line item 15010000000001 ("Ceramic Mug"): Your rules keep product "72010000000001" away',
    );
  });

  it("says when nothing is left for HyperSKU, lists every line, and exits 3", async () => {
    const run = await preview(fixture("graphql-mixed-cart-fulfillment-orders.json"), ...SHOP_ARGS, "--include", "vendor: Nobody");
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("- [not_for_hypersku] Nothing in this order is for HyperSKU to fulfil.");
    expect(run.stderr).toContain(
      '- left out: line item 15010000000003 ("Soy Candle"): It matches none of the products your rules send to HyperSKU.',
    );
  });

  it("refuses a rule or a location it cannot read, with exit 2", async () => {
    const file = fixture("graphql-mixed-cart-fulfillment-orders.json");
    const [rule, location] = await Promise.all([preview(file, "--exclude", "colour: blue"), preview(file, "--location", "Brooklyn")]);
    expect([rule.code, location.code]).toEqual([2, 2]);
    expect(rule.stderr).toContain(
      '--exclude: A rule ("colour: blue") must start with vendor:, type:, tag: or product: followed by a value.',
    );
    expect(location.stderr).toContain('--location must be a location GID such as gid://shopify/Location/1 (got "Brooklyn").');
  });

  it("leaves out a REST order's line a fulfillment service ships, naming the service, as the app does", async () => {
    const file = changed(PAID, "printful.json", (order) => {
      order.line_items[1].fulfillment_service = "printful";
    });
    const run = await preview(file, ...SHOP_ARGS);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).lineItems.map((line: { title: string }) => line.title)).toEqual(["Ceramic Mug"]);
    expect(run.stderr).toContain(
      "Routed by each line's fulfillment_service, as the file carries no fulfillment orders: \"manual\" lines are yours, any other is a fulfillment service's.",
    );
    expect(run.stderr).toContain(
      '- left out: line item 14012345678902 ("Linen Tea Towel"): Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL). Its fulfillment_service is "printful".',
    );
  });

  it("prints no request and exits 3 for orders the app does not send, saying why in one sentence", async () => {
    const files = {
      test: changed(PAID, "test.json", (order) => void (order.test = true)),
      cancelled: changed(PAID, "cancelled.json", (order) => void (order.cancelled_at = "2026-07-14T11:00:00-04:00")),
      unpaid: changed(PAID, "unpaid.json", (order) => void (order.financial_status = "pending")),
      archived: changed(PAID, "archived.json", (order) => void (order.closed_at = "2026-07-20T11:00:00-04:00")),
    };
    const [test, cancelled, unpaid, archived, tagged, testSent, unpaidSent] = await Promise.all([
      preview(files.test, ...SHOP_ARGS),
      preview(files.cancelled, ...SHOP_ARGS),
      preview(files.unpaid, ...SHOP_ARGS),
      preview(files.archived, ...SHOP_ARGS),
      preview(fixture(PAID), ...SHOP_ARGS, "--excluded-tag", "vip"),
      preview(files.test, ...SHOP_ARGS, "--send-test-orders"),
      preview(files.unpaid, ...SHOP_ARGS, "--trigger", "created"),
    ]);
    for (const run of [test, cancelled, unpaid, archived, tagged]) {
      expect(run.code).toBe(3);
      expect(run.stdout).toBe("");
    }
    expect([test, cancelled, unpaid, archived, tagged].map(lastLine)).toEqual([
      "Decision: the app does not send order #1001 now (Not for HyperSKU): This is a test order, and test orders are not sent to HyperSKU.",
      "Decision: the app does not send order #1001 now (Cancelled): This order was cancelled in Shopify, so it is not sent to HyperSKU.",
      "Decision: the app does not send order #1001 now (Waiting): This order is not paid yet. It will be sent to HyperSKU once Shopify marks it as paid.",
      "Decision: the app does not send order #1001 now (Not for HyperSKU): This order is archived in Shopify.",
      'Decision: the app does not send order #1001 now (Not for HyperSKU): This order has a tag you chose to keep away from HyperSKU. (tag "VIP")',
    ]);
    expect(test.stderr).toContain("What to do: To send test orders too, turn off 'Skip test orders' in the app's settings");
    // The merchant's settings decide, as in the app.
    expect([testSent.code, unpaidSent.code]).toEqual([0, 0]);
    expect(JSON.parse(unpaidSent.stdout)).toMatchObject({ isPaid: false, status: "pending" });
  });

  it("waits out --hold-minutes after the order was paid", async () => {
    const file = changed(PAID, "just-paid.json", (order) => void (order.processed_at = new Date().toISOString()));
    const run = await preview(file, ...SHOP_ARGS, "--hold-minutes", "60");
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(lastLine(run)).toMatch(
      /^Decision: the app does not send order #1001 now \(Queued\): Your settings wait 60 minutes after an order is paid before sending it, so this one goes at \S+Z\.$/,
    );
  });

  it("routes by a file of fulfillment orders: a held one holds the order, with the hold's reason", async () => {
    const restFulfillmentOrder = (status: string, lines: number[]) => ({
      id: 8800000001,
      status,
      assigned_location_id: 1,
      assigned_location: { name: "Shop location", location_id: 1 },
      fulfillment_holds: status === "on_hold" ? [{ reason: "high_risk_of_fraud", reason_notes: "Checking the card" }] : [],
      line_items: lines.map((id, index) => ({ id: 99000010 + index, line_item_id: id, quantity: 1, fulfillable_quantity: 1 })),
    });
    const onHold = scratchFile("on-hold.json", JSON.stringify({ fulfillment_orders: [restFulfillmentOrder("on_hold", [14012345678901])] }));
    // The towel's fulfillment order is a fulfillment service's: the app does not see it.
    const open = scratchFile("open.json", JSON.stringify({ fulfillment_orders: [restFulfillmentOrder("open", [14012345678901])] }));
    const [held, routed] = await Promise.all([
      preview(fixture(PAID), ...SHOP_ARGS, "--fulfillment-orders", onHold),
      preview(fixture(PAID), ...SHOP_ARGS, "--fulfillment-orders", open, "--location", "gid://shopify/Location/1"),
    ]);
    expect(held.code).toBe(3);
    expect(held.stdout).toBe("");
    expect(lastLine(held)).toBe(
      "Decision: the app does not send order #1001 now (Held): Its fulfillment is on hold in Shopify (Checking the card). Release the hold in Shopify and the order is sent.",
    );
    expect(routed.code).toBe(0);
    expect(JSON.parse(routed.stdout).lineItems).toEqual([expect.objectContaining({ title: "Ceramic Mug", quantity: 1 })]);
    expect(routed.stderr).toContain(`Routed by the 1 fulfillment order(s) in ${open} and locations gid://shopify/Location/1.`);
    expect(routed.stderr).toContain(
      '- left out: line item 14012345678902 ("Linen Tea Towel"): Shopify assigns it to another fulfillment service',
    );
  });

  it("shows the money warnings of an order it sends", async () => {
    const file = changed(PAID, "total-off.json", (order) => {
      order.total_price = "77.05";
      order.total_price_set = {
        shop_money: { amount: "77.05", currency_code: "USD" },
        presentment_money: { amount: "77.05", currency_code: "USD" },
      };
    });
    const run = await preview(file, ...SHOP_ARGS);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /- money warning \(sent anyway, noted on the order's timeline\): Shopify's total 77\.05 USD differs by 0\.01 USD from its parts/,
    );
  });

  it("refuses settings, locations or fulfillment orders it cannot use, with exit 2", async () => {
    const other = scratchFile(
      "other-order.json",
      JSON.stringify({
        fulfillment_orders: [{ id: 1, status: "open", line_items: [{ id: 2, line_item_id: 999, quantity: 1, fulfillable_quantity: 1 }] }],
      }),
    );
    const notOrders = scratchFile("not-fulfillment-orders.json", JSON.stringify({ orders: [] }));
    const [location, trigger, minutes, foreign, unreadable] = await Promise.all([
      preview(fixture(PAID), "--location", "gid://shopify/Location/1"),
      preview(fixture(PAID), "--trigger", "weekly"),
      preview(fixture(PAID), "--hold-minutes", "soon"),
      preview(fixture(PAID), "--fulfillment-orders", other),
      preview(fixture(PAID), "--fulfillment-orders", notOrders),
    ]);
    for (const run of [location, trigger, minutes, foreign, unreadable]) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
    }
    expect(location.stderr).toContain("--location needs the order's fulfillment orders, which say where each line ships from");
    expect(trigger.stderr).toContain('--trigger must be paid or created (got "weekly").');
    expect(minutes.stderr).toContain('--hold-minutes must be a whole number (got "soon").');
    expect(foreign.stderr).toContain("names line items order #1001 does not have (999): is it another order's?");
    expect(unreadable.stderr).toContain('is not a list of fulfillment orders: it holds neither "fulfillment_orders" (REST)');
  });

  it("names the missing ZIP code of a US address and how to add it", async () => {
    const run = await preview(fixture("rest-us-no-zip.json"), ...SHOP_ARGS);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("- [missing_zip_code] The shipping address has no ZIP code, which parcels to this country need.");
    expect(run.stderr).toContain("What to do: Edit the order's shipping address in Shopify to add the ZIP code, then choose Retry.");
  });

  it("exits 2 on a file that is not JSON", async () => {
    const run = await preview(scratchFile("truncated.json", '{"id": 5612345678901, "line_items": [{"id": 1'));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/truncated\.json is not valid JSON \(/);
  });

  it("exits 2 on a file that cannot be read", async () => {
    const run = await preview(path.join(scratch, "missing.json"));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Cannot read .*missing\.json: ENOENT\./);
  });

  it("exits 2 on JSON that is not a Shopify order, naming the bad fields", async () => {
    const run = await preview(scratchFile("not-an-order.json", JSON.stringify({ id: 1, line_items: "mug" })));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is not a Shopify order (read as a REST order webhook):");
    expect(run.stderr).toContain('- line_items: must be a list (got text "mug")');
    const list = await preview(scratchFile("list.json", "[]"));
    expect([list.code, list.stderr.includes("(order): must be an object")]).toEqual([2, true]);
  });

  it("exits 2 with the usage on bad arguments", async () => {
    const [none, platform, unknown] = await Promise.all([
      preview(),
      preview(fixture("rest-paid-multi-item-usd.json"), "--platform", "shopify"),
      preview(fixture("rest-paid-multi-item-usd.json"), "--verbose"),
    ]);
    for (const run of [none, platform, unknown]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("Usage: npx tsx scripts/hypersku-preview.ts");
    }
    expect(platform.stderr).toContain('--platform must be a whole number (got "shopify").');
    const help = await preview("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes: 0 the app would send the order now (the request is on stdout); 3 it would not send it now");
  });
});
