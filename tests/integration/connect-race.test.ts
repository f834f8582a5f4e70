/**
 * An order planned at the very moment the shop (re)connects HyperSKU. The soak test found orders
 * that an intake transaction had read as "not connected" and committed as held just after the
 * reconnect had released the held orders: they stayed held, with no job, for good. Planning an order
 * now reads the shop under a shared lock that connection changes take exclusively (PostgreSQL; SQLite
 * serialises writers anyway), so the reconnect either waits for the plan or the plan sees it.
 */
import prisma from "~/models/db/client.server";
import { disconnect } from "~/domain/connection/connection.server";
import { receiveOrderWebhook } from "~/domain/orders/receive-order-webhook.server";
import { applyOrderSnapshot } from "~/domain/orders/apply-snapshot.server";
import { parseRestOrderWebhook } from "~/domain/orders/parse-rest-order";
import { readShopForPlanning } from "~/models/shop.server";
import { lockShopConnection, runOrderTransaction } from "~/models/transactions.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop } from "../support/connected-shop";
import { buildRestOrder } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";

let simulator: HyperskuSimulator;
withTwins((twins) => ({ simulator } = twins));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("an order planned while HyperSKU reconnects is sent, never left held", async () => {
  await disconnect(TEST_SHOP);
  const payload = buildRestOrder();
  const parsed = parseRestOrderWebhook(payload);
  if (!parsed.ok) throw new Error("the factory's order must parse");

  let letItCommit!: () => void;
  const gate = new Promise<void>((resolve) => (letItCommit = resolve));
  // A webhook's transaction: it reads the shop (not connected), plans the order, and is slow to commit.
  const intake = runOrderTransaction(async (tx) => {
    const shop = await readShopForPlanning(tx, TEST_SHOP);
    await applyOrderSnapshot(tx, shop, parsed.value, "orders/create", new Date());
    await gate;
  });
  await sleep(200);
  // Meanwhile the merchant reconnects: the held orders are released.
  const reconnecting = connectShop(simulator);
  await sleep(300);
  letItCommit();
  await Promise.all([intake, reconnecting]);
  await drainQueue();

  const order = await prisma.order.findUniqueOrThrow({
    where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } },
  });
  expect(order.state).toBe("sent");
  expect(simulator.control.orders().map((o) => o.orderBaseInfo.storeOrderId)).toEqual([String(payload.id)]);
});

it("a webhook on the lean path that arrives while the shop disconnects is planned against the disconnect", async () => {
  const payload = buildRestOrder();
  let letItCommit!: () => void;
  const gate = new Promise<void>((resolve) => (letItCommit = resolve));
  // A disconnect in progress: it holds the connection lock (SQLite: the write lock) and has changed the shop, not yet committed.
  const disconnecting = prisma.$transaction(
    async (tx) => {
      await lockShopConnection(tx, TEST_SHOP, "exclusive");
      await tx.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "not_connected" } });
      await gate;
    },
    { timeout: 10_000 },
  );
  await sleep(200);
  // The delivery's statement waits for the lock; the shop's read, sent with it (pipelined on
  // PostgreSQL), must still read the shop as it is once the lock is granted.
  const intake = receiveOrderWebhook({
    shop: TEST_SHOP,
    topic: "orders/create",
    webhookId: "race-webhook",
    eventId: "race-event",
    triggeredAt: new Date(),
    apiVersion: "2026-10",
    rawBody: JSON.stringify(payload),
  });
  await sleep(300);
  letItCommit();
  await disconnecting;
  expect(await intake).toBe("processed");

  const order = await prisma.order.findUniqueOrThrow({
    where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } },
  });
  expect(order.state).not.toBe("scheduled");
  expect(await prisma.job.count({ where: { subjectId: order.id } })).toBe(0);
});
