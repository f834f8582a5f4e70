import { computeWebhookHmac, MAX_WEBHOOK_BODY_BYTES, verifyWebhookRequest, type WebhookTopic } from "./webhook-delivery.server";

const SECRET = "webhook-test-secret";
const SHOP = "alpha.myshopify.com";
const OTHER = "bravo.myshopify.com";

function delivery(options: { route?: string; topic: string; shop?: string; body: BodyInit; signed?: Uint8Array | string }) {
  const signed = options.signed ?? (typeof options.body === "string" ? options.body : "");
  return new Request(`https://app.example/webhooks/${options.route ?? options.topic}`, {
    method: "POST",
    headers: {
      "X-Shopify-Topic": options.topic,
      "X-Shopify-Shop-Domain": options.shop ?? SHOP,
      "X-Shopify-Webhook-Id": "w-1",
      "X-Shopify-Hmac-Sha256": computeWebhookHmac(signed, SECRET),
    },
    body: options.body,
    duplex: "half",
  } as RequestInit);
}

async function statusOf(request: Request, topic: WebhookTopic): Promise<number> {
  try {
    await verifyWebhookRequest(request, { topic, secret: SECRET });
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the topic header", () => {
  it("must be the route's own topic (Shopify does not sign it)", async () => {
    const body = JSON.stringify({ id: 1 });
    expect(await statusOf(delivery({ topic: "orders/create", body }), "orders/create")).toBe(200);
    expect(await statusOf(delivery({ topic: "ORDERS_CREATE", body }), "orders/create")).toBe(200);
    expect(await statusOf(delivery({ topic: "orders/create", body }), "orders/cancelled")).toBe(400);
    expect(await statusOf(delivery({ topic: "orders/create", body }), "app/uninstalled")).toBe(400);
  });
});

describe("the shop a signed body names", () => {
  const cases: [WebhookTopic, (shop: string) => object][] = [
    ["app/uninstalled", (shop) => ({ id: 1, myshopify_domain: shop, domain: "www.alpha-shop.example" })],
    ["customers/redact", (shop) => ({ shop_domain: shop, customer: { id: 1 }, orders_to_redact: [] })],
    ["customers/data_request", (shop) => ({ shop_domain: shop, customer: { id: 1 }, orders_requested: [] })],
    ["shop/redact", (shop) => ({ shop_id: 1, shop_domain: shop })],
  ];

  it.each(cases)("%s: accepted for the header's shop, refused (401) for another", async (topic, build) => {
    const body = JSON.stringify(build(SHOP));
    expect(await statusOf(delivery({ topic, body, shop: SHOP }), topic)).toBe(200);
    expect(await statusOf(delivery({ topic, body, shop: OTHER }), topic)).toBe(401);
  });

  it.each(cases)("%s: refused when the body names no shop (an order body replayed under this topic)", async (topic) => {
    for (const body of [JSON.stringify({ id: 1, line_items: [] }), "[]", "not json", ""]) {
      expect(await statusOf(delivery({ topic, body }), topic)).toBe(401);
    }
  });

  it("app/uninstalled: `domain` stands in only when `myshopify_domain` is absent", async () => {
    const topic = "app/uninstalled";
    expect(await statusOf(delivery({ topic, body: JSON.stringify({ domain: SHOP }) }), topic)).toBe(200);
    expect(await statusOf(delivery({ topic, body: JSON.stringify({ domain: SHOP, myshopify_domain: OTHER }) }), topic)).toBe(401);
  });
});

describe("the body", () => {
  it("is verified byte for byte: multi-byte UTF-8 split across chunks", async () => {
    const text = JSON.stringify({ id: 7, note: "Zoë, Łódź, 東京 🚚" });
    const bytes = Buffer.from(text, "utf8");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.subarray(i, i + 3));
        controller.close();
      },
    });
    const verified = await verifyWebhookRequest(delivery({ topic: "orders/create", body: stream, signed: bytes }), {
      topic: "orders/create",
      secret: SECRET,
    });
    expect(verified.rawBody).toBe(text);
  });

  it("is cut off at the limit while it streams, when no length was declared", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    expect(await statusOf(delivery({ topic: "orders/create", body: endless }), "orders/create")).toBe(413);
    expect(pulled).toBeLessThan(MAX_WEBHOOK_BODY_BYTES + 256 * 1024);
  });
});
