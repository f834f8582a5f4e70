import prisma from "~/models/db/client.server";
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { JOB_TYPES } from "~/domain/enqueue.server";
import reconcileOrdersJob from "~/jobs/reconcile-orders.job";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { buildGraphqlOrder } from "../support/order-factories";
import { TEST_SHOP } from "../support/shopify";

let shopify: ShopifyAdminFake;

beforeEach(async () => {
  await resetDatabase();
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
  await installShop();
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "connected" } });
});
afterAll(() => setAdminGraphqlFactory(null));

/** The order reads only: each run also reads the shop's name (ShopName), tested in shop-name.test.ts. */
const orderReads = () => shopify.calls.filter((call) => call.operation === "RecentOrders");
const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe("reconciliation", () => {
  it("creates the forwarding work a missed webhook left out, once", async () => {
    const missed = buildGraphqlOrder({ overrides: { updatedAt: recent(5) } });
    shopify.putOrder(TEST_SHOP, missed as never);

    const first = await reconcileOrders(TEST_SHOP);
    expect(first).toMatchObject({ seen: 1, applied: 1 });
    const order = await prisma.order.findFirstOrThrow();
    expect(order.state).toBe("scheduled");
    expect(await prisma.job.count({ where: { type: JOB_TYPES.forwardOrder, subjectId: order.id } })).toBe(1);

    const second = await reconcileOrders(TEST_SHOP);
    expect(second.applied).toBe(0);
    expect(await prisma.job.count({ where: { type: JOB_TYPES.forwardOrder } })).toBe(1);
  });

  it("asks Shopify only for orders changed since the last run, with an overlap", async () => {
    await reconcileOrders(TEST_SHOP, new Date("2026-11-01T12:00:00Z"));
    await reconcileOrders(TEST_SHOP, new Date("2026-11-01T12:15:00Z"));
    const queries = orderReads().map((call) => call.variables.query);
    expect(queries[1]).toBe("updated_at:>='2026-11-01T11:50:00.000Z'");
  });

  it("pages through many orders", async () => {
    for (let i = 0; i < 120; i += 1) shopify.putOrder(TEST_SHOP, buildGraphqlOrder({ overrides: { updatedAt: recent(30) } }) as never);
    const outcome = await reconcileOrders(TEST_SHOP);
    expect(outcome).toMatchObject({ seen: 120, applied: 120 });
    expect(orderReads()).toHaveLength(3);
  });

  it("tries again after Shopify's restore time, without using up an attempt, when throttled", async () => {
    shopify.throttleNext = 1;
    const job = { id: "j", type: JOB_TYPES.reconcileOrders, shop: TEST_SHOP, subjectId: TEST_SHOP, attempts: 1, maxAttempts: 5 };
    const before = Date.now();
    const result = await reconcileOrdersJob.run(job as never, {} as never);
    // Throttling is waiting, not failing (integrations/shopify/job-outcome.ts): a reschedule.
    expect(result).toMatchObject({ kind: "reschedule" });
    expect((result as { runAt: Date }).runAt.getTime() - before).toBeGreaterThan(400);
    // The throttle has passed: the next run goes through.
    await expect(reconcileOrders(TEST_SHOP)).resolves.toMatchObject({ seen: 0 });
  });
});
