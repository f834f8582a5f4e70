// The preview command end to end: a child process on the fixture orders, as a merchant or support
// engineer would run it. It runs with an almost empty environment to prove it needs no app config.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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

// Each run starts npx + tsx (a few seconds, more on a busy machine): generous time, runs in parallel.
describe.concurrent("hypersku:preview", { timeout: 60_000 }, () => {
  it("prints the request for a paid multi-item order and lists what it left out", async () => {
    const run = await preview(fixture("rest-paid-multi-item-usd.json"), ...SHOP_ARGS);
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout);
    expect(externalOrderSchema.parse(request)).toEqual(request);
    expect(request).toEqual({
      storeOrderId: "5612345678901",
      storeOrderNo: "#1001",
      storeCode: "example-shop.myshopify.com",
      storeName: "Example Shop",
      platform: 3,
      createdAt: "2026-07-14T14:15:30.000Z",
      paidAt: "2026-07-14T14:15:29.000Z",
      isPaid: true,
      status: "paid",
      currency: "USD",
      totalPrice: 77.04,
      taxAmount: 5.34,
      totalShippingPrice: 5,
      lineItems: [
        {
          storeOrderLineItemId: "14012345678901",
          storeProductId: "7112345678901",
          storeVariantId: "42012345678901",
          storeSkuId: "MUG-BLUE-L",
          title: "Ceramic Mug",
          variantAttr: "Blue / Large",
          price: 21.6,
          quantity: 2,
        },
        {
          storeOrderLineItemId: "14012345678902",
          storeProductId: "7112345678902",
          storeVariantId: "42012345678902",
          storeSkuId: "TOWEL-LINEN",
          title: "Linen Tea Towel",
          // The customer's monogram travels with the item (issue 17: personalisation reaches HyperSKU).
          variantAttr: "Monogram: A.L.",
          price: 22.5,
          quantity: 1,
        },
      ],
      shippingAddress: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1600 Amphitheatre Pkwy",
        address2: "Suite 12",
        city: "Mountain View",
        province: "California",
        zip: "94043",
        countryCode: "US",
        countryName: "United States",
        phone: "+1 650-555-0100",
        email: "ada.lovelace@example.com",
      },
    });
    expect(run.stderr).toContain('- left out: line item 14012345678903 ("Gift Card"): It is a gift card: nothing to ship.');
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
    expect(request).toMatchObject({
      currency: "JPY",
      totalPrice: 5200,
      taxAmount: 473,
      totalShippingPrice: 800,
      paidAt: "2026-07-17T01:19:59.000Z",
    });
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

  it("uses a placeholder shop and platform 1 when none is given", async () => {
    const run = await preview(fixture("rest-paid-multi-item-usd.json"));
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout);
    expect(request).toMatchObject({ storeCode: "preview-shop.myshopify.com", platform: 1 });
    expect(request).not.toHaveProperty("storeName");
  });

  it("explains why an order without a shipping address cannot be sent, and exits 1", async () => {
    const run = await preview(fixture("rest-no-shipping-address.json"), ...SHOP_ARGS);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Order #1003 cannot be sent to HyperSKU:");
    expect(run.stderr).toContain("- [no_shipping_address] This order has no shipping address, so HyperSKU cannot ship it.");
    expect(run.stderr).toContain("What to do: Add a shipping address to the order in Shopify, then choose Retry.");
  });

  it("says a pickup or local delivery order is not for HyperSKU, REST or GraphQL, and prints no request", async () => {
    const [pickup, graphqlPickup, local] = await Promise.all([
      preview(fixture("rest-local-pickup.json"), ...SHOP_ARGS),
      preview(fixture("graphql-local-pickup.json"), ...SHOP_ARGS),
      preview(fixture("rest-local-delivery.json"), ...SHOP_ARGS),
    ]);
    expect([pickup.code, graphqlPickup.code, local.code]).toEqual([1, 1, 1]);
    expect([pickup.stdout, graphqlPickup.stdout, local.stdout]).toEqual(["", "", ""]);
    expect(pickup.stderr).toContain("Order #1022 is not for HyperSKU:");
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
    ]);

    // Every location of the merchant's (no --location): the studio's candles go too; a rule keeps the mug back.
    const everywhere = await preview(file, ...SHOP_ARGS, "--exclude", "product: 72010000000001");
    expect(everywhere.code).toBe(0);
    expect(JSON.parse(everywhere.stdout).lineItems.map((line: { title: string }) => line.title)).toEqual(["Soy Candle"]);
    expect(everywhere.stderr).toContain(
      '- left out: line item 15010000000001 ("Ceramic Mug"): Your rules keep product "72010000000001" away',
    );
  });

  it("says when nothing is left for HyperSKU, lists every line, and exits 1", async () => {
    const run = await preview(fixture("graphql-mixed-cart-fulfillment-orders.json"), ...SHOP_ARGS, "--include", "vendor: Nobody");
    expect(run.code).toBe(1);
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

  it("names the missing ZIP code of a US address and how to add it", async () => {
    const run = await preview(fixture("rest-us-no-zip.json"), ...SHOP_ARGS);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Order #1023 cannot be sent to HyperSKU:");
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
  });
});
