/**
 * The lean intake's transaction (runLeanOrderTransaction over pipelined-transaction.server.ts): on
 * PostgreSQL its statements are pipelined, on SQLite they run one after another. On both it commits
 * everything or nothing, including the inserts that end it, and a connection that broke inside it
 * never serves another transaction.
 */
import { sql } from "kysely";
import prisma from "~/models/db/client.server";
import { prepareOrderEvents } from "~/models/order-event.server";
import { prepareNewOrder } from "~/models/order.server";
import { readShopForNewOrder } from "~/models/intake.server";
import { runLeanOrderTransaction } from "~/models/transactions.server";
import { installShop } from "../support/connected-shop";
import { isPostgresRun, resetDatabase } from "../support/database";
import { newLeanOrder } from "../support/lean-orders";
import { TEST_SHOP } from "../support/shopify";

const NOW = new Date(Date.UTC(2026, 10, 24, 10, 0, 0, 7));

const newOrder = (shopifyOrderId: string) => newLeanOrder(shopifyOrderId, NOW);

const orderIds = async () =>
  (await prisma.order.findMany({ select: { shopifyOrderId: true }, orderBy: { shopifyOrderId: "asc" } })).map((o) => o.shopifyOrderId);

beforeEach(async () => {
  await resetDatabase();
  await installShop();
});

it("commits the inserts it ends with, and reads the shop as Prisma does", async () => {
  const read = await runLeanOrderTransaction(async (tx) => {
    const [shop] = await Promise.all([readShopForNewOrder(tx, TEST_SHOP, "8001"), readShopForNewOrder(tx, TEST_SHOP, "8002")]);
    return {
      result: shop,
      inserts: [prepareNewOrder(tx, newOrder("8001"), NOW).insert, prepareNewOrder(tx, newOrder("8002"), NOW).insert],
    };
  });

  expect(read).toEqual({ shop: await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } }), orderKnown: false });
  expect(await orderIds()).toEqual(["8001", "8002"]);
  const stored = await prisma.order.findFirstOrThrow({ where: { shopifyOrderId: "8001" } });
  expect(stored.createdAt).toEqual(NOW);
});

it("writes nothing when its work fails, and the next transaction runs normally", async () => {
  const failing = runLeanOrderTransaction(async (tx) => {
    await prepareNewOrder(tx, newOrder("8101"), NOW).insert.execute();
    throw new Error("the work changed its mind");
  });
  await expect(failing).rejects.toThrow("the work changed its mind");

  await runLeanOrderTransaction(async (tx) => ({ result: null, inserts: [prepareNewOrder(tx, newOrder("8102"), NOW).insert] }));
  expect(await orderIds()).toEqual(["8102"]);
});

it("writes nothing when one of the inserts that end it is refused", async () => {
  const refused = runLeanOrderTransaction(
    async (tx) => {
      await prepareNewOrder(tx, newOrder("8201"), NOW).insert.execute();
      // Two orders with the same Shopify id: the unique (shop, shopifyOrderId) refuses the second.
      return {
        result: null,
        inserts: [prepareNewOrder(tx, newOrder("8202"), NOW).insert, prepareNewOrder(tx, newOrder("8202"), NOW).insert],
      };
    },
    { attempts: 1 },
  );
  await expect(refused).rejects.toThrow();
  expect(await orderIds()).toEqual([]);
});

it.runIf(isPostgresRun())("never gives a connection that broke mid-transaction back to the pool", async () => {
  const broken = runLeanOrderTransaction(
    async (tx) => {
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(tx);
      return { result: null };
    },
    { attempts: 1 },
  );
  await expect(broken).rejects.toThrow();

  // Had the dead connection gone back, one of these would have drawn it and failed.
  for (let i = 0; i < 12; i++) {
    await runLeanOrderTransaction(async (tx) => ({ result: null, inserts: [prepareNewOrder(tx, newOrder(String(8300 + i)), NOW).insert] }));
  }
  expect(await orderIds()).toHaveLength(12);
});

it("prepares an insert again when the transaction it was first sent in had already failed", async () => {
  // Three timeline entries in one insert: a statement text no other test here sends.
  const events = (orderId: string) => (tx: Parameters<typeof prepareOrderEvents>[0]) =>
    prepareOrderEvents(
      tx,
      ["received", "decision", "note"].map((kind, i) => ({ orderId, at: new Date(NOW.getTime() + i), kind, message: kind })),
    );
  // Sent behind a failing statement: PostgreSQL refuses it, so it was never prepared.
  const failing = runLeanOrderTransaction(
    async (tx) => {
      await Promise.all([sql`select 1 / 0`.execute(tx), events("no-such-order")(tx).execute()]);
      return { result: null };
    },
    { attempts: 1 },
  );
  await expect(failing).rejects.toThrow();

  // The same insert on the next transaction (the pool hands back the connection just released) runs.
  const id = await runLeanOrderTransaction(async (tx) => {
    const order = prepareNewOrder(tx, newOrder("8501"), NOW);
    return { result: order.id, inserts: [order.insert, events(order.id)(tx)] };
  });
  expect(await prisma.orderEvent.count({ where: { orderId: id } })).toBe(3);
});
