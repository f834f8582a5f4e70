/**
 * A new order, its first timeline entries and its forward job are inserted together
 * (insertTogether, docs/decisions/0025): on PostgreSQL in one statement, on SQLite one after
 * another; on both, every row is written as its owner prepared it, and a failing insert leaves
 * none of them.
 */
import { JOB_TYPES, prepareEnqueueForNew } from "~/domain/enqueue.server";
import prisma from "~/models/db/client.server";
import { prepareOrderEvents } from "~/models/order-event.server";
import { prepareNewOrder, snapshotSearchColumns } from "~/models/order.server";
import { insertTogether, runLeanOrderTransaction } from "~/models/transactions.server";
import { installShop } from "../support/connected-shop";
import { isPostgresRun, resetDatabase } from "../support/database";
import { newLeanOrder } from "../support/lean-orders";
import { TEST_SHOP } from "../support/shopify";

const NOW = new Date(Date.UTC(2026, 10, 24, 9, 30, 0, 123));

const newOrder = (shopifyOrderId: string) => newLeanOrder(shopifyOrderId, NOW, "scheduled");

beforeEach(async () => {
  await resetDatabase();
  await installShop();
});

it("writes the order, its timeline and its job, in one statement on PostgreSQL", async () => {
  let statements = 0;
  const id = await runLeanOrderTransaction(async (tx) => {
    const executor = tx.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = (...args) => {
      statements += 1;
      return execute(...args);
    };
    const order = prepareNewOrder(tx, newOrder("9001"), NOW);
    await insertTogether(tx, [
      order.insert,
      prepareOrderEvents(tx, [
        { orderId: order.id, at: NOW, kind: "received", message: "Received from Shopify (orders/create)." },
        { orderId: order.id, at: new Date(NOW.getTime() + 1), kind: "decision", outcome: "scheduled", message: "Queued for HyperSKU." },
      ]),
      prepareEnqueueForNew(JOB_TYPES.forwardOrder, { shop: TEST_SHOP, subjectId: order.id, runAt: NOW }, tx),
    ]);
    return { result: order.id };
  });

  expect(statements).toBe(isPostgresRun() ? 1 : 3);
  const order = await prisma.order.findUniqueOrThrow({ where: { id } });
  expect(order).toMatchObject({
    shopifyOrderId: "9001",
    state: "scheduled",
    name: "#9001",
    createdAt: NOW,
    updatedAt: NOW,
  });
  // The search keys are written with the snapshot they come from, and agree with it.
  expect(order.customerEmail).toBeTruthy();
  expect({
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shopifyCustomerId: order.shopifyCustomerId,
    shopifyCancelled: order.shopifyCancelled,
  }).toEqual(snapshotSearchColumns(order.snapshot));
  const events = await prisma.orderEvent.findMany({ where: { orderId: id }, orderBy: { at: "asc" } });
  expect(events.map((event) => [event.kind, event.outcome])).toEqual([
    ["received", null],
    ["decision", "scheduled"],
  ]);
  const job = await prisma.job.findFirstOrThrow({ where: { subjectId: id } });
  expect(job).toMatchObject({ type: JOB_TYPES.forwardOrder, uniqueKey: `${JOB_TYPES.forwardOrder}:${id}`, status: "pending", runAt: NOW });
});

it("leaves none of them when one of the inserts fails", async () => {
  const taken = await runLeanOrderTransaction(async (tx) => {
    const order = prepareNewOrder(tx, newOrder("9002"), NOW);
    await insertTogether(tx, [order.insert]);
    return { result: order.id };
  });

  const failed = runLeanOrderTransaction(
    async (tx) => {
      const order = prepareNewOrder(tx, newOrder("9003"), NOW);
      // The last insert repeats an order the shop already has: the unique (shop, shopifyOrderId) refuses it.
      await insertTogether(tx, [
        order.insert,
        prepareEnqueueForNew(JOB_TYPES.forwardOrder, { shop: TEST_SHOP, subjectId: order.id, runAt: NOW }, tx),
        prepareNewOrder(tx, newOrder("9002"), NOW).insert,
      ]);
      return { result: undefined };
    },
    { attempts: 1 },
  );

  await expect(failed).rejects.toThrow();
  expect(await prisma.order.findMany({ select: { id: true } })).toEqual([{ id: taken }]);
  expect(await prisma.job.count()).toBe(0);
});
