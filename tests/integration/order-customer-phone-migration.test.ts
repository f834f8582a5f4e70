// The customer-phone migration's backfill, run again on orders stored before it: the phone search
// key is the one the app writes from then on (snapshotSearchColumns, phoneKey), on SQLite and on
// PostgreSQL (each has its own hand-written UPDATE), for the ways Shopify's phones are written.
import prisma from "~/models/db/client.server";
import { snapshotSearchColumns } from "~/models/order.server";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { migrationStatements, resetDatabase } from "../support/database";

const MIGRATION = "20261127090000_order_customer_phone";

beforeEach(async () => {
  await resetDatabase();
  await createShopRecord();
});

describe("the customer phone migration", () => {
  it("fills each order's phone key from its snapshot, as the app writes it", async () => {
    const phones = ["+1 206-555-0100", "(206) 555.0100", "+44 20/7946 0958", "+12065550100", null, "123"];
    const orders = [];
    for (const phone of phones) orders.push(await createAdminOrder({ payload: { phone, customer: null } }));
    await prisma.order.updateMany({ data: { customerPhone: null } });

    const updates = migrationStatements(MIGRATION).filter((statement) => statement.startsWith("UPDATE"));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await prisma.$executeRawUnsafe(statement);

    const stored = await Promise.all(orders.map((order) => prisma.order.findUniqueOrThrow({ where: { id: order.id } })));
    expect(stored.map((order) => order.customerPhone)).toEqual(stored.map((order) => snapshotSearchColumns(order.snapshot).customerPhone));
    expect(stored.map((order) => order.customerPhone)).toEqual(["12065550100", "2065550100", "442079460958", "12065550100", null, null]);
  });
});
