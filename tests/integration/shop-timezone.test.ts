/**
 * The admin shows times in the shop's time zone (issue 19): the zone is read from Shopify with the
 * shop's name, at install and by every reconciliation run, stored on the shop, and every page's
 * view model formats its times in it. The read is best effort: when it fails, the zone stored
 * (or UTC) stays.
 */
import prisma from "~/models/db/client.server";
import { getDashboard } from "~/domain/admin/dashboard.server";
import { requireOrderDetail } from "~/domain/admin/order-detail.server";
import { getOrdersList } from "~/domain/admin/orders-list.server";
import { getPastOrdersView } from "~/domain/backfill/past-orders-view.server";
import { getConnectionView } from "~/domain/connection/connection-view.server";
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { handleAppInstalled } from "~/domain/shops/install.server";
import { setAdminGraphqlFactory, type AdminGraphql } from "~/integrations/shopify/admin-graphql.server";
import { getShopTimezone, saveShopTimezone } from "~/models/shop.server";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { createAdminOrder } from "../support/admin-factories";
import { TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";

let shopify: ShopifyAdminFake;
withTwins((twins) => ({ shopify } = twins));

/** 14:05 UTC on a November day: 9:05 in New York (EST), 23:05 in Tokyo. */
const CREATED_AT = new Date("2026-11-24T14:05:00.000Z");

describe("the shop's time zone", () => {
  it("is read from Shopify at install and followed by every reconciliation run", async () => {
    expect(await getShopTimezone(TEST_SHOP)).toBeNull();

    await handleAppInstalled(TEST_SHOP);
    expect(await getShopTimezone(TEST_SHOP)).toBe("America/New_York");

    shopify.setShopTimezone(TEST_SHOP, "Asia/Tokyo");
    await reconcileOrders(TEST_SHOP);
    expect(await getShopTimezone(TEST_SHOP)).toBe("Asia/Tokyo");
  });

  it("is written only when it changed, and a blank answer keeps the stored zone", async () => {
    expect(await saveShopTimezone(TEST_SHOP, "Europe/Berlin")).toBe(true);
    expect(await saveShopTimezone(TEST_SHOP, "Europe/Berlin")).toBe(false);

    shopify.setShopTimezone(TEST_SHOP, "  ");
    await reconcileOrders(TEST_SHOP);
    expect(await getShopTimezone(TEST_SHOP)).toBe("Europe/Berlin");
  });

  it("stays as stored when Shopify cannot be read, and the install still completes", async () => {
    await saveShopTimezone(TEST_SHOP, "Europe/Berlin");
    shopify.setShopTimezone(TEST_SHOP, "Asia/Tokyo");
    setAdminGraphqlFactory(async () => (async () => Promise.reject(new TypeError("fetch failed"))) as AdminGraphql);

    await expect(handleAppInstalled(TEST_SHOP)).resolves.toBeUndefined();
    expect(await getShopTimezone(TEST_SHOP)).toBe("Europe/Berlin");
  });
});

describe("the admin's times", () => {
  async function seed() {
    const order = await createAdminOrder({ hyperskuStatus: 2, createdAt: CREATED_AT, withEvents: true });
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastReconciledAt: CREATED_AT } });
    await prisma.hyperskuConnection.update({
      where: { shop: TEST_SHOP },
      data: { connectedAt: CREATED_AT, lastSuccessfulCallAt: CREATED_AT },
    });
    await prisma.backfill.create({
      data: {
        shop: TEST_SHOP,
        status: "done",
        createdFrom: new Date("2026-11-01T00:00:00Z"),
        createdTo: new Date("2026-11-24T00:00:00Z"),
        createdAt: CREATED_AT,
        finishedAt: CREATED_AT,
      },
    });
    return order;
  }

  /** Every time text the pages' view models hold for the seeded order, connection and run. */
  async function timeTexts(orderId: string) {
    const [dashboard, list, detail, pastOrders, connection] = await Promise.all([
      getDashboard(TEST_SHOP),
      getOrdersList(TEST_SHOP, new URL("https://app.test/app/orders")),
      requireOrderDetail(TEST_SHOP, orderId),
      getPastOrdersView(TEST_SHOP),
      getConnectionView(TEST_SHOP),
    ]);
    return { dashboard, list, detail, pastOrders, connection };
  }

  it("are in the shop's zone on every page, the zone named", async () => {
    const order = await seed();
    await saveShopTimezone(TEST_SHOP, "America/New_York");
    const { dashboard, list, detail, pastOrders, connection } = await timeTexts(order.id);

    const newYork = "Nov 24, 2026, 9:05 AM EST";
    expect(dashboard.timeZone).toBe("America/New_York");
    expect(list.timeZone).toBe("America/New_York");
    expect(detail.createdAt).toBe(newYork);
    expect(detail.hypersku?.sentAt).toMatch(/ EST$/);
    expect(detail.timeline.length).toBeGreaterThan(0);
    for (const entry of detail.timeline) expect(entry.atText).toMatch(/, \d{1,2}:\d{2} [AP]M ES?T$/);
    expect(pastOrders.current).toMatchObject({ startedAt: newYork, finishedAt: newYork });
    expect(connection.account).toMatchObject({ connectedText: newYork, lastSuccessfulCallText: newYork });
  });

  it("are in UTC, said as UTC, before the zone is known or for a zone no time zone database knows", async () => {
    const order = await seed();
    for (const zone of [null, "Mars/Olympus_Mons"]) {
      await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: zone } });
      const { detail, pastOrders, connection } = await timeTexts(order.id);
      expect(detail.createdAt).toBe("Nov 24, 2026, 2:05 PM UTC");
      expect(pastOrders.current?.startedAt).toBe("Nov 24, 2026, 2:05 PM UTC");
      expect(connection.account?.connectedText).toBe("Nov 24, 2026, 2:05 PM UTC");
    }
  });
});
