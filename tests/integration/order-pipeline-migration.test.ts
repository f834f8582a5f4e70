// The pipeline migration's backfill, run again on orders stored before it: the search keys and the
// Shopify cancellation it copies out of each snapshot are the ones the app writes from then on
// (snapshotSearchColumns), on SQLite and on PostgreSQL (each has its own hand-written UPDATE).
import prisma from "~/models/db/client.server";
import { snapshotSearchColumns } from "~/models/order.server";
import { buildRestAddress } from "../../simulators/harness/order-payloads";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { migrationStatements, resetDatabase } from "../support/database";

const MIGRATION = "20261124040000_order_pipeline";

async function runBackfill() {
  const updates = migrationStatements(MIGRATION).filter((statement) => statement.startsWith("UPDATE"));
  expect(updates).toHaveLength(1);
  for (const statement of updates) await prisma.$executeRawUnsafe(statement);
}

beforeEach(async () => {
  await resetDatabase();
  await createShopRecord();
});

describe("the order pipeline migration", () => {
  it("fills the search keys and the cancellation from each stored snapshot, as the app writes them", async () => {
    const orders = [
      await createAdminOrder({
        payload: {
          email: " Grace.Hopper@Example.COM ",
          shipping_address: buildRestAddress({ first_name: "Grace ", last_name: " Hopper" }),
        },
      }),
      await createAdminOrder({ hyperskuStatus: 6, payload: { cancelled_at: "2026-07-02T10:00:00Z" } }),
      await createAdminOrder({ payload: { email: null, contact_email: null, customer: null, shipping_address: null } }),
      await createAdminOrder({ payload: { shipping_address: buildRestAddress({ first_name: null, last_name: "Lovelace" }) } }),
    ];
    await prisma.order.updateMany({ data: { customerName: null, customerEmail: null, shopifyCancelled: false } });

    await runBackfill();

    for (const order of orders) {
      const stored = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      const { customerName, customerEmail, shopifyCancelled } = snapshotSearchColumns(stored.snapshot);
      expect({ customerName: stored.customerName, customerEmail: stored.customerEmail, shopifyCancelled: stored.shopifyCancelled }).toEqual(
        {
          customerName,
          customerEmail,
          shopifyCancelled,
        },
      );
    }
    const [grace, cancelled, anonymous] = await Promise.all(
      orders.slice(0, 3).map((o) => prisma.order.findUniqueOrThrow({ where: { id: o.id } })),
    );
    expect(grace).toMatchObject({ customerName: "grace hopper", customerEmail: "grace.hopper@example.com", shopifyCancelled: false });
    expect(cancelled.shopifyCancelled).toBe(true);
    expect(anonymous).toMatchObject({ customerName: null, customerEmail: null });
  });
});
