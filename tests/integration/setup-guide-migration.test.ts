/**
 * The setup guide's migration, replayed on this run's engine: shops HyperSKU already has an order of
 * get no first-run guide (it counts as dismissed when they installed); new shops do.
 */
import prisma from "~/models/db/client.server";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { migrationStatements, resetDatabase } from "../support/database";

const MIGRATION = "20261124090000_setup_guide";
const VETERAN = "veteran.myshopify.com";
const NEWCOMER = "newcomer.myshopify.com";

beforeEach(async () => {
  await resetDatabase();
});

it("dismisses the guide for shops past their first run only", async () => {
  const installedAt = new Date("2026-03-01T08:00:00Z");
  await createShopRecord(VETERAN);
  await createShopRecord(NEWCOMER, { hyperskuStatus: "not_connected" });
  await prisma.shop.update({ where: { domain: VETERAN }, data: { installedAt } });
  await createAdminOrder({ shop: VETERAN, hyperskuStatus: 4 });
  await createAdminOrder({ shop: NEWCOMER, state: "held" });

  const updates = migrationStatements(MIGRATION).filter((statement) => statement.startsWith("UPDATE"));
  expect(updates).toHaveLength(1);
  for (const statement of updates) await prisma.$executeRawUnsafe(statement);

  expect((await prisma.shop.findUniqueOrThrow({ where: { domain: VETERAN } })).setupGuideDismissedAt).toEqual(installedAt);
  expect((await prisma.shop.findUniqueOrThrow({ where: { domain: NEWCOMER } })).setupGuideDismissedAt).toBeNull();
});
