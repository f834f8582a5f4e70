/**
 * A merchant's week, played through the production server: `node server.js` (the production build,
 * its worker off) answers Shopify's signed webhooks over HTTP and renders the admin's pages; the
 * queue's jobs run in the test process against the same database (time passes at once: backoffs
 * and review windows are made due); both twins are the platforms: the HyperSKU simulator (set to
 * store a duplicate create as a second order, so a double send shows) and the Shopify twin, whose
 * follow-up webhooks (after the app's fulfillments, the merchant's refunds, edits, cancellations...)
 * are delivered to the server as Shopify would deliver them.
 *
 * Each scenario is its own shop (no state crosses between scenarios): `openShop()` installs and
 * connects one. `settle()` plays the rest of the day: Shopify's pending webhooks are delivered and
 * the queue drained, until nothing is left of either.
 */
import prisma from "~/models/db/client.server";
import { configureHypersku } from "~/domain/connection/hypersku.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import type { JsonObject } from "../../simulators/harness/order-payloads";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import type { PendingWebhook } from "../../simulators/shopify/webhook-outbox";
import { createWebhookSender } from "../../simulators/shopify/webhook-sender";
import { shopifyTwinEnv, simulatorEnv, startAppServer, type RunningApp } from "./app-server";
import { loadBuild } from "./build";
import { connectShop, installShop } from "./connected-shop";
import { resetDatabase } from "./database";
import { startConnectedSimulator } from "./hypersku";
import { drainQueue } from "./queue";
import { API_SECRET_KEY, BROWSER_USER_AGENT, createSessionToken } from "./shopify";
import { syncNow } from "./tracking";

export type Week = {
  simulator: HyperskuSimulator;
  shopify: ShopifyAdminFake;
  app: RunningApp;
  /** A new shop, installed and connected to HyperSKU. */
  openShop(): Promise<string>;
  /** The customer checks out: the order is placed in Shopify, which raises its webhooks. */
  place(shop: string, payload: JsonObject): void;
  /** Sends these deliveries (default: all Shopify has waiting) to the server; each must be answered 2xx. */
  deliver(deliveries?: PendingWebhook[]): Promise<number>;
  /** The rest of the hour: webhooks delivered and the jobs due within a minute run, until neither has anything left. */
  settle(): Promise<void>;
  /** Time passes: jobs due within `minutes` (rechecks of held orders, backoffs) run, then the week settles. */
  later(minutes: number): Promise<void>;
  /** HyperSKU ships the order (in two parcels with `split`); the app's sync picks it up, and Shopify follows up. */
  ship(shop: string, shopifyOrderId: string | number, options?: { split?: boolean }): Promise<void>;
  /** The app's record of the order. */
  record(shop: string, shopifyOrderId: string | number): ReturnType<typeof prisma.order.findUniqueOrThrow>;
  /** HyperSKU's orders for this Shopify order (more than one: sent twice). */
  hyperskuOrders(shopifyOrderId: string | number): ReturnType<HyperskuSimulator["control"]["orders"]>;
  /** A GET of the admin as the shop's staff (their session token), answered by the server. */
  fetchAs(shop: string, pathname: string): Promise<Response>;
  /** An admin page as the server renders it for the shop's staff (HTML, tags stripped, spaces folded). */
  pageText(shop: string, pathname: string): Promise<string>;
};

let shopNumber = 0;

export function withMerchantWeek(receive: (week: Week) => void) {
  let simulator: HyperskuSimulator;
  let shopifyServer: ShopifyAdminServer;
  let app: RunningApp;
  const shopify = new ShopifyAdminFake();

  beforeAll(async () => {
    await loadBuild(); // fails clearly when `npm run build` has not run
    await resetDatabase();
    simulator = await startConnectedSimulator({ duplicateCreate: "create-duplicate" });
    shopifyServer = await startShopifyAdminServer({ fake: shopify });
    app = await startAppServer({ ...simulatorEnv(simulator), ...shopifyTwinEnv(shopifyServer.url), WORKER_MODE: "off" });
    setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
    const send = createWebhookSender({ appUrl: app.url, secret: API_SECRET_KEY });

    const deliver = (deliveries?: PendingWebhook[]) => shopify.webhooks.deliver(send, deliveries);
    const week: Week = {
      simulator,
      shopify,
      app,
      async openShop() {
        shopNumber += 1;
        const shop = `week-${process.pid}-${shopNumber}.myshopify.com`;
        await installShop(shop);
        await connectShop(simulator, shop);
        return shop;
      },
      place: (shop, payload) => void shopify.placeOrder(shop, payload),
      deliver,
      async settle() {
        for (let round = 0; round < 20; round += 1) {
          const delivered = await deliver();
          const ran = await drainQueue({ horizonMs: 60_000 });
          if (delivered === 0 && ran === 0 && shopify.webhooks.waiting().length === 0) return;
        }
        throw new Error(`the week did not settle: still waiting ${shopify.webhooks.waiting().join(", ")}`);
      },
      async later(minutes) {
        await drainQueue({ horizonMs: minutes * 60_000, maxRounds: 1 });
        await week.settle();
      },
      async ship(shop, shopifyOrderId, options = {}) {
        const order = await week.record(shop, shopifyOrderId);
        simulator.control.advance(Number(order.hyperskuOrderId), { to: "shipping", split: options.split ?? false });
        await syncNow(shop);
        await week.settle();
      },
      record: (shop, shopifyOrderId) =>
        prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop, shopifyOrderId: String(shopifyOrderId) } } }),
      hyperskuOrders: (shopifyOrderId) =>
        simulator.control.orders().filter((order) => String(order.orderBaseInfo.storeOrderId) === String(shopifyOrderId)),
      fetchAs: async (shop, pathname) =>
        fetch(`${app.url}${pathname}`, {
          headers: { Authorization: `Bearer ${await createSessionToken(shop)}`, "User-Agent": BROWSER_USER_AGENT },
        }),
      async pageText(shop, pathname) {
        const response = await week.fetchAs(shop, pathname);
        const html = await response.text();
        if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${html.slice(0, 300)}`);
        return html
          .replace(/<script[\s\S]*?<\/script>/g, " ")
          .replace(/<style[\s\S]*?<\/style>/g, " ")
          .replace(/<[^>]+>/g, " ")
          .replace(/&amp;/g, "&")
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/\s+/g, " ");
      },
    };
    configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 2_000 });
    receive(week);
  });

  beforeEach(() => {
    // A scenario starts with nothing of an earlier one's left in Shopify's queue.
    shopify.webhooks.take();
    setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
  });

  afterAll(async () => {
    await app?.stop();
    await shopifyServer?.close();
    await simulator?.close();
  });
}
