import prisma from "~/db.server";
import { loader } from "~/routes/health";
import { resetDatabase } from "../support/database";
import { installShop } from "../support/connected-shop";
import { TEST_SHOP } from "../support/shopify";

beforeEach(resetDatabase);

describe("health endpoint", () => {
  it("answers ok with an empty queue", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok", queue: { pending: 0, lagMs: 0 }, oldestWaitingOrderAgeMs: null });
  });

  it("reports queue lag and the oldest waiting order, and degrades when the queue is far behind", async () => {
    await installShop();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await prisma.job.create({ data: { type: "forward_order", shop: TEST_SHOP, runAt: tenMinutesAgo, createdAt: tenMinutesAgo } });
    await prisma.order.create({
      data: { shop: TEST_SHOP, shopifyOrderId: "1", name: "#1", shopifyCreatedAt: tenMinutesAgo, snapshot: "{}", state: "scheduled", createdAt: tenMinutesAgo },
    });
    const body = await (await loader()).json();
    expect(body.status).toBe("degraded");
    expect(body.queue.pending).toBe(1);
    expect(body.queue.lagMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(body.oldestWaitingOrderAgeMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(JSON.stringify(body)).not.toContain(TEST_SHOP);
  });
});
