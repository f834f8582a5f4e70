/**
 * HyperSKU's `storeName` is the shop's real name (issue 17), not its handle: read from Shopify when
 * the app is installed, refreshed by every reconciliation run, and sent with the next order. The
 * read is best effort: when it fails, the install and the reconciliation run go on as before.
 */
import prisma from "~/models/db/client.server";
import { handleAppInstalled } from "~/domain/shops/install.server";
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { JOB_TYPES } from "~/domain/enqueue.server";
import { setAdminGraphqlFactory, type AdminGraphql, type GraphqlResponse } from "~/integrations/shopify/admin-graphql.server";
import reconcileOrdersJob from "~/jobs/reconcile-orders.job";
import { markShopUninstalled, saveShopName } from "~/models/shop.server";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop } from "../support/connected-shop";
import { capturedLogLines } from "../support/logs";
import { buildGraphqlOrder } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { TEST_SHOP } from "../support/shopify";
import { placeSentOrder } from "../support/tracking";
import { withTwins } from "../support/twins";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;
withTwins((twins) => ({ simulator, shopify } = twins));

/** The storeName of every order HyperSKU received, oldest first. */
const sentStoreNames = () =>
  simulator.control
    .requests()
    .filter((request) => request.operation === "createOrderFromExternal")
    .map((request) => (request.body as { storeName?: string }).storeName);

const storedName = async () => (await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).name;

const THROTTLED: GraphqlResponse<never> = {
  errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
  extensions: { cost: { requestedQueryCost: 1, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 } } },
};

/** Shopify fails the name read only (throttled, or the request never gets an answer); every other operation works. */
function failShopNameReads(failure: "throttled" | "unreachable") {
  setAdminGraphqlFactory(async (shop) => {
    const client = shopify.clientFor(shop);
    return (async (query, variables) => {
      if (!/query ShopName\b/.test(query)) return client(query, variables);
      if (failure === "unreachable") throw new TypeError("fetch failed");
      return THROTTLED;
    }) as AdminGraphql;
  });
}

describe("the shop's name as HyperSKU's storeName", () => {
  it("is read at install, and the first order forwarded carries it instead of the handle", async () => {
    shopify.setShopName(TEST_SHOP, "Ada's Mugs");
    expect(await storedName()).toBeNull();

    await handleAppInstalled(TEST_SHOP);

    expect(await storedName()).toBe("Ada's Mugs");
    await placeSentOrder(shopify);
    expect(sentStoreNames()).toEqual(["Ada's Mugs"]);
  });

  it("follows a rename in Shopify from the next reconciliation run on, leaving orders already sent alone", async () => {
    shopify.setShopName(TEST_SHOP, "Ada's Mugs");
    await handleAppInstalled(TEST_SHOP);
    const { order: first } = await placeSentOrder(shopify);

    shopify.setShopName(TEST_SHOP, "Ada's Mugs & Tea");
    await placeSentOrder(shopify);
    // Not read on every order: until a reconciliation run, the stored name is sent.
    expect(sentStoreNames()).toEqual(["Ada's Mugs", "Ada's Mugs"]);

    const callsBefore = shopify.calls.length;
    await reconcileOrders(TEST_SHOP);
    const runOperations = shopify.calls.slice(callsBefore).map((call) => call.operation);
    expect(await storedName()).toBe("Ada's Mugs & Tea");
    await placeSentOrder(shopify);

    expect(sentStoreNames()).toEqual(["Ada's Mugs", "Ada's Mugs", "Ada's Mugs & Tea"]);
    const stored = await prisma.order.findUniqueOrThrow({ where: { id: first.id } });
    expect(JSON.parse(stored.sentRequest!).storeName).toBe("Ada's Mugs");
    // One tiny query a run, beside the orders read (sending the next order reads its fulfillment orders: not the run's).
    expect(runOperations).toEqual(["RecentOrders", "ShopName"]);
  });

  it("is written only when it changed", async () => {
    expect(await saveShopName(TEST_SHOP, "Ada's Mugs")).toBe(true);
    expect(await saveShopName(TEST_SHOP, "Ada's Mugs")).toBe(false);
    expect(await saveShopName(TEST_SHOP, "Ada's Mugs & Tea")).toBe(true);
    expect(await storedName()).toBe("Ada's Mugs & Tea");
  });

  it("keeps the stored name when Shopify answers a blank one", async () => {
    await saveShopName(TEST_SHOP, "Ada's Mugs");
    shopify.setShopName(TEST_SHOP, "  ");
    await reconcileOrders(TEST_SHOP);
    expect(await storedName()).toBe("Ada's Mugs");
  });
});

describe.each(["throttled", "unreachable"] as const)("when Shopify's answer to the name read is %s", (failure) => {
  it("a reinstall still completes, and orders carry the handle until a later read succeeds", async () => {
    await markShopUninstalled(TEST_SHOP);
    shopify.setShopName(TEST_SHOP, "Ada's Mugs");
    failShopNameReads(failure);
    const logged = capturedLogLines.length;

    await expect(handleAppInstalled(TEST_SHOP)).resolves.toBeUndefined();

    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop).toMatchObject({ uninstalledAt: null, name: null });
    // The new session stays: the install is not undone over a display name.
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBeGreaterThan(0);
    expect(capturedLogLines.slice(logged).join("\n")).toContain("could not read the shop's name from Shopify");

    await connectShop(simulator);
    await placeSentOrder(shopify);
    expect(sentStoreNames()).toEqual([TEST_SHOP.replace(/\..*$/, "")]);
  });

  it("a reconciliation run still folds in the missed orders, keeps the stored name and ends done", async () => {
    await saveShopName(TEST_SHOP, "Ada's Mugs");
    shopify.setShopName(TEST_SHOP, "Ada's Mugs & Tea");
    shopify.putOrder(TEST_SHOP, buildGraphqlOrder({ overrides: { updatedAt: new Date(Date.now() - 5 * 60_000).toISOString() } }) as never);
    failShopNameReads(failure);

    const job = { id: "j", type: JOB_TYPES.reconcileOrders, shop: TEST_SHOP, subjectId: TEST_SHOP, attempts: 1, maxAttempts: 12 };
    expect(await reconcileOrdersJob.run(job as never, {} as never)).toEqual({ kind: "done" });

    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop.name).toBe("Ada's Mugs");
    expect(shop.lastReconciledAt).not.toBeNull();
    await drainQueue();
    expect(await prisma.order.findFirstOrThrow()).toMatchObject({ state: "sent" });
    expect(sentStoreNames()).toEqual(["Ada's Mugs"]);
  });
});
