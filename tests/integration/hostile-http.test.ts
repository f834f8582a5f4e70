/**
 * Hostile HTTP against the production server (`node server.js` over the build), as an attacker
 * without credentials would try it: bodies sent without a length, signed webhook bodies replayed
 * under another shop's or topic's headers, and pages that could be framed or sniffed.
 */
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import prisma from "~/models/db/client.server";
import { startAppServer, type RunningApp } from "../support/app-server";
import { loadBuild } from "../support/build";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { buildRestAddress, buildRestOrder } from "../support/order-factories";
import { API_SECRET_KEY, BROWSER_USER_AGENT, embeddedAppUrl, TEST_SHOP } from "../support/shopify";
import { buildShopPayload, buildWebhookPayload, listWebhookRoutes } from "../support/webhook-payloads";

const OTHER_SHOP = "other-shop.myshopify.com";
const MB = 1024 * 1024;
let app: RunningApp;

beforeAll(async () => {
  await loadBuild();
  await resetDatabase();
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, WORKER_MODE: "off" });
});
afterAll(() => app?.stop());

/** The server process's resident memory, in bytes. */
function residentBytes(): number {
  const status = fs.readFileSync(`/proc/${app.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

type ChunkedResult = { status: number | null; ms: number; sent: number };

/** POSTs `chunks` with Transfer-Encoding: chunked (no Content-Length), stopping once an answer arrives. */
function postChunked(path: string, chunks: Iterable<Buffer>, headers: Record<string, string> = {}): Promise<ChunkedResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const source = chunks[Symbol.iterator]();
    let sent = 0;
    let status: number | null = null;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve({ status, ms: performance.now() - started, sent });
    };
    // A connection of its own: one the server stopped reading must not carry the next request.
    const request = http.request(`${app.url}${path}`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/json", ...headers },
    });
    request.on("response", (response) => {
      status = response.statusCode ?? null;
      response.resume().on("end", settle).on("error", settle);
    });
    // The server hangs up on an oversized body; what matters is the answer it gave first.
    request.on("error", () => setTimeout(settle, 50)).on("close", () => setTimeout(settle, 50));
    const pump = () => {
      while (status === null && !request.destroyed) {
        const next = source.next();
        if (next.done) return void request.end();
        sent += next.value.length;
        if (!request.write(next.value)) return void request.once("drain", pump);
      }
    };
    pump();
  });
}

function* filler(totalBytes: number, chunkBytes = 64 * 1024): Generator<Buffer> {
  const chunk = Buffer.alloc(chunkBytes, "a");
  for (let sent = 0; sent < totalBytes; sent += chunkBytes) yield chunk;
}

function* sliced(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function webhookHeaders(raw: Buffer | string, topic: string, shop: string): Record<string, string> {
  return {
    "X-Shopify-Topic": topic,
    "X-Shopify-Shop-Domain": shop,
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": randomUUID(),
    "X-Shopify-Event-Id": randomUUID(),
    "X-Shopify-Triggered-At": new Date().toISOString(),
    "X-Shopify-Hmac-Sha256": createHmac("sha256", API_SECRET_KEY).update(raw).digest("base64"),
  };
}

/** A body signed by Shopify (it was), sent to `path` with whatever headers the sender chose. */
async function deliverSigned(path: string, { topic, shop, body }: { topic: string; shop: string; body: unknown }): Promise<number> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...webhookHeaders(raw, topic, shop) },
    body: raw,
  });
  await response.arrayBuffer();
  return response.status;
}

async function countAllRows() {
  const counts = await Promise.all([prisma.webhookDelivery.count(), prisma.order.count(), prisma.job.count(), prisma.orderEvent.count()]);
  return counts.reduce((sum, n) => sum + n, 0);
}

describe("request bodies sent without a length (chunked)", () => {
  beforeAll(async () => {
    // Warm the paths up so that lazily loaded code is not counted as growth below.
    for (const path of ["/webhooks/orders/create", "/app/settings", "/"]) await postChunked(path, filler(64 * 1024));
  });

  it.each([
    ["/webhooks/orders/create", 413],
    ["/app/settings", 413],
    ["/", 405], // no action there: refused at its first byte, as Remix would answer it
  ])("50 MB to %s is refused (%i) at the limit, quickly, and memory stays bounded", { timeout: 60_000 }, async (path, expected) => {
    const before = residentBytes();
    const result = await postChunked(path, filler(50 * MB));
    const growth = residentBytes() - before;
    expect(result.status).toBe(expected);
    expect(result.ms).toBeLessThan(5_000);
    expect(result.sent).toBeLessThan(50 * MB); // the server stopped reading long before the end
    expect(growth).toBeLessThan(40 * MB);
  });

  it("a declared length over the limit is refused before the body is read", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${app.url}/webhooks/orders/create`, { method: "POST", headers: { "Content-Length": String(3 * MB) } });
      request.on("response", (response) => resolve(response.statusCode)).on("error", reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it("a webhook body over the webhook's own 1 MB limit (but under the server's) is refused with 413 while it streams", async () => {
    const body = Buffer.from(JSON.stringify({ ...buildRestOrder(), padding: "x".repeat(1.5 * MB) }));
    const result = await postChunked("/webhooks/orders/create", sliced(body, 64 * 1024), webhookHeaders(body, "orders/create", TEST_SHOP));
    expect(result.status).toBe(413);
    expect(await prisma.webhookDelivery.count({ where: { shop: TEST_SHOP, topic: "orders/create", outcome: "processed" } })).toBe(0);
  });

  it("a body under the limit reaches the route byte for byte: a signed multi-byte UTF-8 order cut mid-character", async () => {
    await installShop();
    const city = "Łódź 東京 🚚";
    const payload = buildRestOrder({ overrides: { shipping_address: buildRestAddress({ city }) } });
    const body = Buffer.from(JSON.stringify(payload), "utf8");
    // 7-byte pieces split the 2-, 3- and 4-byte characters across chunks.
    const result = await postChunked("/webhooks/orders/create", sliced(body, 7), webhookHeaders(body, "orders/create", TEST_SHOP));
    expect(result.status).toBe(200);
    const order = await prisma.order.findUniqueOrThrow({
      where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } },
    });
    expect(JSON.parse(order.snapshot).shippingAddress.city).toBe(city);
  });
});

describe("request bodies under the limit", () => {
  it("a form post reaches its action (the login form, chunked)", async () => {
    const result = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = http.request(`${app.url}/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER_USER_AGENT },
      });
      request.on("response", (response) => {
        let text = "";
        response
          .setEncoding("utf8")
          .on("data", (chunk) => (text += chunk))
          .on("end", () => resolve({ status: response.statusCode, text }));
      });
      request.on("error", reject);
      request.write("shop=not%20");
      request.end("a%20shop");
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Please enter a valid shop domain to log in");
  });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A request that declares `declared` body bytes, sends `first` of them and holds the rest back
 * until `finish` (or `abandon`): the server must answer from what it has.
 */
function openBody(path: string, declared: number, first: Buffer, headers: Record<string, string> = {}) {
  const request = http.request(`${app.url}${path}`, {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(declared), ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response
        .setEncoding("utf8")
        .on("data", (chunk) => (text += chunk))
        .on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
  });
  answer.catch(() => undefined); // an abandoned request's answer is never read
  request.flushHeaders();
  if (first.length > 0) request.write(first);
  return {
    answer,
    finish: (rest: Buffer) => request.end(rest),
    abandon: () => request.destroy(),
  };
}

/** Waits until the server has read what was sent (a few event-loop turns on both sides). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("bodies the route does not take", () => {
  it.each([
    ["/", 405],
    ["/health", 405],
    ["/app/orders/export", 405], // not /app/orders/:id, which has an action
    ["/auth/exit-iframe", 405],
    ["/no-such-page", 404],
  ])("a POST body to %s is answered %i before it is read, as Remix would answer it", async (path, expected) => {
    // Only the headers go out: the answer must come without the body.
    const { answer, abandon } = openBody(path, 1 * MB, Buffer.alloc(0));
    const { status, text } = await answer;
    abandon();
    expect({ status, text }).toEqual({ status: expected, text: expected === 404 ? "Not Found" : "This address takes no request body" });
  });

  it("a GET with a body is refused; an empty POST still reaches Remix (405: no action there)", async () => {
    const get = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${app.url}/auth/login`, { method: "GET", headers: { "Content-Length": "10" } });
      request.on("response", (response) => resolve(response.statusCode)).on("error", reject);
      request.end("0123456789");
    });
    expect(get).toBe(413);
    const empty = await fetch(`${app.url}/`, { method: "POST", headers: { "User-Agent": BROWSER_USER_AGENT } });
    await empty.arrayBuffer();
    expect(empty.status).toBe(405);
  });

  it("a 2 MB login form is refused at once and nothing of it reaches the log", async () => {
    const shop = `${"a".repeat(1.9 * MB)}.myshopify.com`;
    const logged = app.output().length;
    const response = await fetch(`${app.url}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER_USER_AGENT },
      body: `shop=${shop}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Request body too large");
    expect(app.output().length - logged).toBeLessThan(10_000);

    // A real shop's login still goes on to Shopify.
    const login = await fetch(`${app.url}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER_USER_AGENT },
      body: `shop=${TEST_SHOP}`,
      redirect: "manual",
    });
    await login.arrayBuffer();
    expect(login.status).toBe(302);
  });
});

describe("large bodies are read a few at a time", () => {
  const LARGE_BODIES = 8;

  it("past 8 large bodies at once the next is answered 503 with Retry-After, while small ones go through", async () => {
    await resetDatabase();
    await installShop();
    const held = Array.from({ length: LARGE_BODIES }, () => openBody("/app/settings", 1 * MB, Buffer.alloc(100 * 1024, "a")));
    await settle();

    const declared = await openBody("/app/settings", 1 * MB, Buffer.alloc(0)).answer;
    expect(declared.status).toBe(503);
    expect(declared.headers["retry-after"]).toBe("5");
    // A body sent without a length is refused the moment it grows large.
    const chunked = await postChunked("/app/settings", filler(1 * MB));
    expect(chunked.status).toBe(503);
    // A large webhook waits for Shopify's next delivery; a usual one is stored now.
    const padded = Buffer.from(JSON.stringify({ ...buildRestOrder(), note: "n".repeat(200 * 1024) }));
    const large = await postChunked(
      "/webhooks/orders/create",
      sliced(padded, 16 * 1024),
      webhookHeaders(padded, "orders/create", TEST_SHOP),
    );
    expect(large.status).toBe(503);
    expect(await deliverSigned("/webhooks/orders/create", { topic: "orders/create", shop: TEST_SHOP, body: buildRestOrder() })).toBe(200);
    const login = await fetch(`${app.url}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER_USER_AGENT },
      body: "shop=not%20a%20shop",
    });
    expect(login.status).toBe(200);
    await login.arrayBuffer();

    // Half of them go away mid-body, half finish: every permit comes back.
    held.slice(0, LARGE_BODIES / 2).forEach((request) => request.abandon());
    held.slice(LARGE_BODIES / 2).forEach((request) => request.finish(Buffer.alloc(1 * MB - 100 * 1024, "a")));
    await Promise.all(held.slice(LARGE_BODIES / 2).map((request) => request.answer));
    await settle();
    const again = await Promise.all(
      Array.from({ length: LARGE_BODIES }, () => openBody("/app/settings", 200 * 1024, Buffer.alloc(200 * 1024, "a")).answer),
    );
    expect(again.map((answer) => answer.status).filter((status) => status === 503)).toEqual([]);
    expect(
      await deliverSigned("/webhooks/orders/create", { topic: "orders/create", shop: TEST_SHOP, body: JSON.parse(padded.toString()) }),
    ).toBe(200);
  });

  /** Posts `count` bodies of nearly 2 MB to `path` at once; their answers and the server's peak memory growth. */
  async function postAtOnce(path: string, count: number) {
    const body = Buffer.alloc(1.9 * MB, "a");
    const before = residentBytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 20);
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${app.url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body })
          .then(async (response) => (await response.arrayBuffer(), response.status))
          .catch(() => "hung up"),
      ),
    );
    clearInterval(sampler);
    return { answers, growth: Math.max(peak, residentBytes()) - before };
  }

  it("100 login forms of nearly 2 MB at once are refused unread: memory stays where it was", { timeout: 60_000 }, async () => {
    const { answers, growth } = await postAtOnce("/auth/login", 100);
    expect(new Set(answers)).toEqual(new Set([413]));
    expect(growth).toBeLessThan(20 * MB);
  });

  it(
    "100 bodies of nearly 2 MB at once to a page that takes one: each answered the same way, or 503 while 8 are being read",
    { timeout: 60_000 },
    async () => {
      const { answers } = await postAtOnce("/app/settings", 100);
      // How many arrive while 8 are being read depends on the machine's pace: the permits are proven below.
      const routeAnswers = answers.filter((answer) => answer !== 503);
      expect(routeAnswers.length).toBeGreaterThan(0);
      // What the page itself answers a request without a session: the same for each.
      expect(new Set(routeAnswers).size).toBe(1);
      expect(routeAnswers[0]).not.toBe("hung up");
    },
  );

  it(
    "while 8 large bodies are still arriving, a 9th is answered 503 with Retry-After, and a small form still goes through",
    { timeout: 30_000 },
    async () => {
      const url = new URL("/app/settings", app.url);
      /** A post of nearly 2 MB whose first 100 KB are sent, the rest held back until `finish`. */
      const slowPost = () => {
        const answer = new Promise<{ status: number; retryAfter: string | null }>((resolve) => {
          const request = http.request(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Math.floor(1.9 * MB) },
            },
            (response) => {
              response.resume();
              resolve({ status: response.statusCode ?? 0, retryAfter: (response.headers["retry-after"] as string | undefined) ?? null });
            },
          );
          request.on("error", () => resolve({ status: -1, retryAfter: null }));
          request.write(Buffer.alloc(100 * 1024, "a"));
          slow.push(request);
        });
        return answer;
      };
      const slow: http.ClientRequest[] = [];
      const held = Array.from({ length: 8 }, slowPost);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the 8 have passed 64 KB: each holds a permit
      const ninth = slowPost();
      expect(await ninth).toEqual({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      const small = await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
      await small.arrayBuffer();
      expect(small.status).not.toBe(503);
      for (const request of slow) request.destroy();
      await Promise.all(held);
    },
  );
});

describe("webhook headers are not signed", () => {
  const routes = listWebhookRoutes();

  beforeEach(async () => {
    await resetDatabase();
    await installShop(TEST_SHOP);
    await installShop(OTHER_SHOP);
  });

  it("a captured app/uninstalled body replayed with another shop's domain is refused, and that shop stays installed", async () => {
    const captured = buildShopPayload(TEST_SHOP);
    expect(await deliverSigned("/webhooks/app/uninstalled", { topic: "app/uninstalled", shop: OTHER_SHOP, body: captured })).toBe(401);
    expect(await prisma.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER_SHOP } })).uninstalledAt).toBeNull();

    // The genuine delivery still works.
    expect(await deliverSigned("/webhooks/app/uninstalled", { topic: "app/uninstalled", shop: TEST_SHOP, body: captured })).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).uninstalledAt).not.toBeNull();
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER_SHOP } })).uninstalledAt).toBeNull();
  });

  it("an order body replayed to the uninstall route under the uninstall topic is refused: it names no shop", async () => {
    expect(await deliverSigned("/webhooks/app/uninstalled", { topic: "app/uninstalled", shop: OTHER_SHOP, body: buildRestOrder() })).toBe(
      401,
    );
    expect(await prisma.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
  });

  it("every route refuses a delivery whose topic is not its own, storing nothing", async () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const { topic, path } of routes) {
      const otherTopic = topic === "orders/create" ? "app/uninstalled" : "orders/create";
      const before = await countAllRows();
      const status = await deliverSigned(path, { topic: otherTopic, shop: TEST_SHOP, body: buildWebhookPayload(otherTopic, TEST_SHOP) });
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(await countAllRows()).toBe(before);
    }
    expect(await prisma.session.count()).toBe(2);
  });

  it("customers/redact, customers/data_request and shop/redact refuse a body that names another shop, doing nothing", async () => {
    const payload = buildRestOrder({ overrides: { email: "victim@example.org", contact_email: "victim@example.org" } });
    expect(await deliverSigned("/webhooks/orders/create", { topic: "orders/create", shop: OTHER_SHOP, body: payload })).toBe(200);
    const before = await countAllRows();

    for (const topic of ["customers/redact", "customers/data_request", "shop/redact"]) {
      const captured = {
        ...buildWebhookPayload(topic, TEST_SHOP),
        customer: { id: 1, email: "victim@example.org" },
        orders_to_redact: [payload.id],
      };
      expect({ topic, status: await deliverSigned(`/webhooks/${topic}`, { topic, shop: OTHER_SHOP, body: captured }) }).toEqual({
        topic,
        status: 401,
      });
      // An order body (it names no shop) under a compliance topic is refused too.
      expect({ topic, status: await deliverSigned(`/webhooks/${topic}`, { topic, shop: OTHER_SHOP, body: payload }) }).toEqual({
        topic,
        status: 401,
      });
    }
    expect(await countAllRows()).toBe(before);
    const order = await prisma.order.findFirstOrThrow({ where: { shop: OTHER_SHOP } });
    expect(order.snapshot).toContain("victim@example.org");
  });
});

describe("headers on every page", () => {
  const strict = { "content-security-policy": "frame-ancestors 'none'", "x-content-type-options": "nosniff" };

  async function get(url: string, init: RequestInit = {}) {
    const response = await fetch(url.startsWith("http") ? url : `${app.url}${url}`, {
      redirect: "manual",
      ...init,
      headers: { "User-Agent": BROWSER_USER_AGENT, ...init.headers },
    });
    await response.arrayBuffer();
    return response;
  }
  const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

  it.each([
    ["the public home page", "/", 200, "text/html; charset=utf-8"],
    ["the login page", "/auth/login", 200, "text/html; charset=utf-8"],
    ["a 404", "/no-such-page", 404, "text/html; charset=utf-8"],
    ["an error page (HyperSKU link expired)", "/hypersku/authorize?state=forged", 400, "text/html; charset=utf-8"],
    ["/health", "/health", null, "application/json"],
    ["a webhook route's refusal", "/webhooks/orders/create", null, null],
  ])("%s may not be framed, is not sniffed, and names its content type", async (_kind, path, status, contentType) => {
    const response = await get(path);
    if (status) expect(response.status).toBe(status);
    expect(headersOf(response, Object.keys(strict))).toEqual(strict);
    expect(response.headers.get("referrer-policy")).toBe(path.startsWith("/hypersku/") ? "no-referrer" : "strict-origin-when-cross-origin");
    if (contentType) expect(response.headers.get("content-type")).toContain(contentType);
  });

  it("the HyperSKU callback, whose address carries a code, sends no referrer and may not be framed", async () => {
    const response = await get("/hypersku/callback?code=secret-code&state=forged");
    expect(headersOf(response, [...Object.keys(strict), "referrer-policy"])).toEqual({ ...strict, "referrer-policy": "no-referrer" });
    expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8$/);
  });

  it("static assets and 413 answers carry them too", async () => {
    const asset = fs.readdirSync("public/build").find((file) => file.endsWith(".js"))!;
    const assetResponse = await get(`/build/${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(headersOf(assetResponse, Object.keys(strict))).toEqual(strict);
    expect(assetResponse.headers.get("content-type")).toContain("javascript");

    const tooLarge = await get("/app/settings", { method: "POST", body: "x".repeat(2.5 * MB) });
    expect(tooLarge.status).toBe(413);
    expect(headersOf(tooLarge, Object.keys(strict))).toEqual(strict);
  });

  it("embedded pages let only the session's shop and the admin frame them (one policy, not two)", async () => {
    await resetDatabase();
    await installShop();
    const response = await get(await embeddedAppUrl("/app", TEST_SHOP, app.url));
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^frame-ancestors https:\/\/test-shop\.myshopify\.com https:\/\/admin\.shopify\.com[^,]*$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("a redirect on the way into the embedded app (?shop, no session token) may be framed by the admin only", async () => {
    const response = await get(`/?shop=${TEST_SHOP}&host=abc`);
    expect(response.status).toBe(302);
    // The query is the sender's to write: only a session token names the shop (replay-and-framing.test.ts).
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors https://admin.shopify.com");
  });
});
