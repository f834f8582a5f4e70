/**
 * The admin pages' loaders and actions, called as the embedded app calls them (Bearer session
 * token): every read and write is scoped to the session's shop, the orders list pages correctly
 * through ties and filters, and the settings form answers with field errors.
 */
import prisma from "~/models/db/client.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/app._index/route";
import { action as orderAction, loader as orderLoader } from "~/routes/app.orders.$id/route";
import { action as ordersAction, loader as ordersLoader } from "~/routes/app.orders._index/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { PIPELINE_STAGES } from "~/domain/admin/pipeline";
import { HELD_REASONS } from "~/models/order-state";
import { redactCustomer } from "~/domain/privacy/redact.server";
import { buildRestAddress } from "../../simulators/harness/order-payloads";
import { createAdminOrder, createParcel, createShopRecord, seedOrdersInEveryState } from "../support/admin-factories";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { callRoute } from "../support/routes";
import { createBearerRequest, TEST_SHOP } from "../support/shopify";

const OTHER_SHOP = "other-shop.myshopify.com";

type RouteFn = Parameters<typeof callRoute>[0];

async function get(fn: RouteFn, path: string, params: Record<string, string> = {}, shop = TEST_SHOP) {
  return callRoute(fn, await createBearerRequest(path, shop), params);
}

async function post(fn: RouteFn, path: string, fields: [string, string][], params: Record<string, string> = {}, shop = TEST_SHOP) {
  return callRoute(fn, await createBearerRequest(path, shop, { method: "POST", body: new URLSearchParams(fields) }), params);
}

type OrdersPage = {
  rows: { id: string; name: string; createdAt: string; pipeline: { stage: string; meaning: string }; trackingNumber: string | null }[];
  counts: Record<string, number>;
  nextHref: string | null;
  previousHref: string | null;
};

beforeEach(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createSession({ shop: OTHER_SHOP });
  await createShopRecord(TEST_SHOP);
  await createShopRecord(OTHER_SHOP);
});

describe("shop scoping", () => {
  it("answers 404 for another shop's order, on the page and on its actions", async () => {
    const theirs = await createAdminOrder({ shop: OTHER_SHOP, state: "failed" });
    const mine = await createAdminOrder({ shop: TEST_SHOP, state: "failed" });

    expect((await get(orderLoader, `/app/orders/${theirs.id}`, { id: theirs.id })).status).toBe(404);
    expect((await get(orderLoader, `/app/orders/${mine.id}`, { id: mine.id })).status).toBe(200);
    expect((await get(orderLoader, `/app/orders/${theirs.id}`, { id: theirs.id }, OTHER_SHOP)).status).toBe(200);

    const retry = await post(orderAction, `/app/orders/${theirs.id}`, [["intent", "retry"]], { id: theirs.id });
    expect(retry.status).toBe(404);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("failed");
  });

  it("lists and counts only the shop's own orders, and bulk actions ignore foreign ids", async () => {
    const theirs = await createAdminOrder({ shop: OTHER_SHOP, state: "failed", name: "#5001" });
    const mine = await createAdminOrder({ shop: TEST_SHOP, state: "failed", name: "#5002" });

    const page = (await (await get(ordersLoader, "/app/orders")).json()) as OrdersPage;
    expect(page.rows.map((row) => row.id)).toEqual([mine.id]);
    const dashboard = await (await get(dashboardLoader, "/app")).json();
    expect(dashboard.totalOrders).toBe(1);

    const bulk = await post(ordersAction, "/app/orders", [
      ["intent", "retry"],
      ["id", theirs.id],
      ["id", mine.id],
    ]);
    const result = await bulk.json();
    expect(result.done).toBe(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("failed");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: mine.id } })).state).toBe("scheduled");
  });
});

describe("orders list", () => {
  it("pages through every order exactly once, newest first, across ties in the creation time", async () => {
    const base = Date.UTC(2026, 6, 1);
    // 130 orders, created in groups of three at the same millisecond: the id breaks the tie.
    for (let i = 0; i < 130; i++) {
      await createAdminOrder({
        number: 3000 + i,
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
        state: i % 2 ? "sent" : "failed",
        withEvents: false,
      });
    }
    await createAdminOrder({ shop: OTHER_SHOP, createdAt: new Date(base), withEvents: false });
    const expected = await prisma.order.findMany({
      where: { shop: TEST_SHOP },
      orderBy: [{ shopifyCreatedAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });

    const seen: string[] = [];
    const pages: OrdersPage[] = [];
    let href: string | null = "/app/orders";
    while (href) {
      const page = (await (await get(ordersLoader, href)).json()) as OrdersPage;
      pages.push(page);
      seen.push(...page.rows.map((row) => row.id));
      href = page.nextHref;
    }
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 30]);
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(pages[0].previousHref).toBeNull();

    // And back again from the last page.
    const back: string[][] = [];
    href = pages[2].previousHref;
    while (href) {
      const page = (await (await get(ordersLoader, href)).json()) as OrdersPage;
      back.unshift(page.rows.map((row) => row.id));
      href = page.previousHref;
    }
    expect(back.flat()).toEqual(seen.slice(0, 100));
  });

  it("filters by tab and HyperSKU status, searches by name or number, and pages within the view", async () => {
    await seedOrdersInEveryState(TEST_SHOP, 2001);
    for (let i = 0; i < 60; i++) await createAdminOrder({ number: 4000 + i, state: "failed", withEvents: false });

    const needsYou = (await (await get(ordersLoader, "/app/orders?tab=needs_you")).json()) as OrdersPage;
    expect(needsYou.rows).toHaveLength(50);
    expect(needsYou.rows.every((row) => row.pipeline.stage === "needs_you")).toBe(true);
    const needsYouRest = (await (await get(ordersLoader, needsYou.nextHref!)).json()) as OrdersPage;
    // needs_attention, failed, Refunding, Overdue and Returned from the seed, and the 60 failed.
    expect(needsYouRest.rows).toHaveLength(15);
    expect(needsYou.nextHref).toContain("tab=needs_you");

    const shipping = (await (await get(ordersLoader, "/app/orders?status=4")).json()) as OrdersPage & {
      rows: { hyperskuStatus: { name: string } }[];
    };
    expect(shipping.rows).toHaveLength(1);
    expect(shipping.rows[0].hyperskuStatus.name).toBe("Shipping");

    const byNumber = (await (await get(ordersLoader, "/app/orders?q=2005")).json()) as OrdersPage;
    expect(byNumber.rows.map((row) => row.name)).toEqual(["#2005"]);
    const byName = (await (await get(ordersLoader, "/app/orders?q=%23401")).json()) as OrdersPage;
    expect(byName.rows.map((row) => row.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `#40${10 + i}`));
    const searchInTab = (await (await get(ordersLoader, "/app/orders?tab=processing&q=2005")).json()) as OrdersPage;
    expect(searchInTab.rows).toEqual([]);

    const junk = await get(ordersLoader, "/app/orders?tab=nope&status=abc&after=garbage");
    expect(junk.status).toBe(200);
  });
});

describe("orders list: the pipeline", () => {
  it("lists in each tab exactly the orders whose row shows that stage, as many as its count says", async () => {
    await seedOrdersInEveryState(TEST_SHOP, 2001);
    // Closed at HyperSKU after a tracked parcel (finished), closed with both sides cancelled, and flagged.
    await createParcel(await createAdminOrder({ hyperskuStatus: 6, number: 2101 }), { trackingNumber: "YT-DONE-1" });
    await createAdminOrder({ hyperskuStatus: 6, number: 2102, payload: { cancelled_at: "2026-07-02T10:00:00Z" } });
    await createAdminOrder({ hyperskuStatus: 2, number: 2103, flag: { code: "cancel_refused", reason: "Too late." } });
    await createAdminOrder({ shop: OTHER_SHOP, state: "failed" });

    const all = (await (await get(ordersLoader, "/app/orders")).json()) as OrdersPage;
    expect(all.counts).toEqual({
      all: 22,
      to_send: 3,
      needs_you: 6,
      awaiting_payment: 2,
      processing: 3,
      shipped: 2,
      delivered: 2,
      cancelled: 3,
      not_for_hypersku: 1,
    });
    const listed: string[] = [];
    for (const stage of PIPELINE_STAGES) {
      const page = (await (await get(ordersLoader, `/app/orders?tab=${stage}`)).json()) as OrdersPage;
      expect({ stage, rows: page.rows.map((row) => row.pipeline.stage) }).toEqual({ stage, rows: Array(all.counts[stage]).fill(stage) });
      expect(page.counts).toEqual(all.counts);
      listed.push(...page.rows.map((row) => row.id));
    }
    expect(listed.sort()).toEqual(all.rows.map((row) => row.id).sort());

    const meaning = (name: string) => all.rows.find((row) => row.name === name)?.pipeline.meaning;
    expect(meaning("#2016")).toBe(
      "Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.",
    );
    expect(meaning("#2102")).toBe("Cancelled in Shopify and at HyperSKU.");
    expect(all.rows.find((row) => row.name === "#2101")).toMatchObject({ pipeline: { stage: "delivered" }, trackingNumber: "YT-DONE-1" });
  });

  it("searches by customer name, e-mail, tracking number and HyperSKU order id, each within the shop", async () => {
    const grace = await createAdminOrder({
      hyperskuStatus: 4,
      number: 7001,
      payload: { email: "Grace.Hopper@Example.com", shipping_address: buildRestAddress({ first_name: "Grace", last_name: "Hopper" }) },
    });
    await createParcel(grace, { trackingNumber: "LX123456789CN" });
    const other = await createAdminOrder({ hyperskuStatus: 2, number: 7002 });
    await createAdminOrder({
      shop: OTHER_SHOP,
      hyperskuStatus: 4,
      payload: { email: "grace.hopper@example.com", shipping_address: buildRestAddress({ first_name: "Grace", last_name: "Hopper" }) },
    });
    const search = async (q: string) =>
      ((await (await get(ordersLoader, `/app/orders?q=${encodeURIComponent(q)}`)).json()) as OrdersPage).rows.map((row) => row.name);

    expect(await search("grace")).toEqual(["#7001"]);
    expect(await search("Grace Hop")).toEqual(["#7001"]);
    expect(await search("grace.hopper@example")).toEqual(["#7001"]);
    expect(await search("GRACE.HOPPER@EXAMPLE.COM")).toEqual(["#7001"]);
    expect(await search("LX123456789CN")).toEqual(["#7001"]);
    expect(await search("LX123456789")).toEqual([]);
    expect(await search(other.hyperskuOrderId!)).toEqual(["#7002"]);
    expect(await search("7001")).toEqual(["#7001"]);
    expect(await search("nobody")).toEqual([]);

    // Redacting the customer blanks the search keys with the snapshot they were copied from.
    await redactCustomer(TEST_SHOP, { customerId: null, orderIds: [grace.shopifyOrderId], email: "Grace.Hopper@Example.com", phone: null });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: grace.id } })).toMatchObject({ customerName: null, customerEmail: null });
    expect(await search("grace")).toEqual([]);
    expect(await search("grace.hopper@example")).toEqual([]);
  });
});

describe("order detail", () => {
  it("shows HyperSKU's view of the order, the address as sent, each parcel and the timeline", async () => {
    const order = await createAdminOrder({ hyperskuStatus: 14 });
    await createParcel(order, { trackingNumber: "YT111", trackingCompany: "YunExpress" });
    await createParcel(order, {
      trackingNumber: "4PX222",
      trackingCompany: "4PX",
      trackingUrl: "javascript:alert(1)",
      fulfillmentState: "failed",
      fulfillmentError: "Shopify refused",
    });

    const view = await (await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).json();
    expect(view.hypersku.orderId).toBe(order.hyperskuOrderId);
    expect(view.hypersku.status.name).toBe("Split Shipment");
    expect(view.items.source).toBe("hypersku");
    expect(view.items.rows[0].imageUrl).toMatch(/^data:image\/svg\+xml/);
    expect(view.address.source).toBe("sent");
    expect(view.address.lines).toContain("1600 Amphitheatre Pkwy");
    expect(view.parcels.map((parcel: { trackingNumber: string }) => parcel.trackingNumber)).toEqual(["YT111", "4PX222"]);
    expect(view.parcels[0].trackingUrl).toContain("YT111");
    expect(view.parcels[1].trackingUrl).toBeNull(); // never a javascript: link
    expect(view.shopifyAdminUrl).toBe(
      `https://admin.shopify.com/store/${TEST_SHOP.replace(".myshopify.com", "")}/orders/${order.shopifyOrderId}`,
    );
    expect(view.timeline[0].title).toBe("Shopify fulfillment created");
    expect(view.actions).toMatchObject({ refresh: true, cancel: false, retry: false, sendNow: false });
  });

  it("badges the order with the stage its list row shows, and reads a cancelled order's items as cancelled", async () => {
    // Sent while HyperSKU was sourcing (the stored answer's items: Pending Sourcing), then cancelled at HyperSKU.
    const cancelled = await createAdminOrder({ hyperskuStatus: 8 });
    await prisma.order.update({ where: { id: cancelled.id }, data: { hyperskuStatus: 6, hyperskuStatusDesc: "Closed" } });
    const awaitingPayment = await createAdminOrder({ hyperskuStatus: 1 });
    const overdue = await createAdminOrder({ hyperskuStatus: 10 });
    const list = (await (await get(ordersLoader, "/app/orders")).json()) as OrdersPage;
    for (const order of [cancelled, awaitingPayment, overdue]) {
      const page = await (await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).json();
      expect(page.pipeline).toEqual(list.rows.find((row) => row.id === order.id)!.pipeline);
    }
    const page = await (await get(orderLoader, `/app/orders/${cancelled.id}`, { id: cancelled.id })).json();
    expect(page.pipeline).toMatchObject({ label: "Cancelled" });
    expect(page.items.rows.map((row: { status: string }) => row.status)).toEqual(["Cancelled", "Cancelled"]);
    // Paid in Shopify, but HyperSKU never said it was paid: no payment date, no amount "paid to HyperSKU".
    expect(page.hypersku.payment).not.toMatch(/^Paid/);
    expect(page.hypersku.amounts.map((amount: { label: string }) => amount.label)).not.toContain("Paid to HyperSKU");
  });

  it("explains a held order by what holds it, not as a lost connection", async () => {
    const held = await createAdminOrder({
      state: "held",
      stateCode: "needs_sourcing",
      stateReason: 'HyperSKU has not sourced "Ceramic Mug" yet, so the order waits.',
    });
    const page = await (await get(orderLoader, `/app/orders/${held.id}`, { id: held.id })).json();
    expect(page.state.meaning).toMatch(/^Waiting for HyperSKU to source an item/);
    expect(page.state.fix).toMatch(/Send anyway/);
    expect(page.pipeline).toMatchObject({ stage: "to_send", meaning: page.state.meaning });
    expect(JSON.stringify(page)).not.toMatch(/connected again/);
  });

  it("titles what changed in Shopify after sending in plain words on the timeline", async () => {
    const order = await createAdminOrder({ hyperskuStatus: 2 });
    const changes = [
      { kind: "items_added", message: "1 × Linen Tea Towel was added after the order was sent; HyperSKU does not have it." },
      { kind: "fulfilled_outside_app", message: "2 × Ceramic Mug were marked fulfilled in Shopify outside the app." },
    ];
    for (const [index, change] of changes.entries()) {
      await prisma.orderEvent.create({
        data: {
          orderId: order.id,
          ...change,
          outcome: "needs_attention",
          at: new Date(order.shopifyCreatedAt.getTime() + (index + 3) * 3_600_000),
        },
      });
    }
    const view = await (await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).json();
    const titled = (message: string) => view.timeline.find((entry: { message: string }) => entry.message === message)?.title;
    expect(changes.map((change) => titled(change.message))).toEqual(["Items added after sending", "Fulfilled outside the app"]);
  });
});

describe("settings", () => {
  const valid: [string, string][] = [
    ["forwardTrigger", "created"],
    ["holdMinutes", "30"],
    ["skipTestOrders", "false"],
    ["excludedTags", "wholesale, No-HyperSKU, wholesale"],
    ["notifyCustomer", "false"],
    ["platformCode", "7"],
    ["notificationEmails", ""],
    ["digestInterval", "daily"],
    ["noTrackingDays", "5"],
  ];

  it("saves valid settings", async () => {
    const response = await post(settingsAction, "/app/settings", valid);
    expect(response.status).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop).toMatchObject({
      forwardTrigger: "created",
      holdMinutes: 30,
      skipTestOrders: false,
      notifyCustomer: false,
      platformCode: 7,
    });
    expect(JSON.parse(shop.excludedTags)).toEqual(["wholesale", "No-HyperSKU"]);

    const form = await (await get(settingsLoader, "/app/settings")).json();
    expect(form.values).toMatchObject({ holdMinutes: "30", excludedTags: "wholesale, No-HyperSKU", platformCode: "7" });
  });

  it("answers each invalid field with its own error and saves nothing", async () => {
    const invalid = new Map(valid);
    invalid.set("holdMinutes", "10081");
    invalid.set("forwardTrigger", "shipped");
    invalid.set("platformCode", "-3");
    invalid.set("excludedTags", `ok, ${"x".repeat(41)}`);
    const response = await post(settingsAction, "/app/settings", [...invalid]);
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(Object.keys(errors)).toEqual(["forwardTrigger", "holdMinutes", "excludedTags", "platformCode"]);
    expect(errors.holdMinutes).toMatch(/at most 10,080/);

    for (const [value, message] of [
      ["", /Enter a number/],
      ["2.5", /whole number/],
      ["abc", /whole number/],
    ] as const) {
      const again = await post(settingsAction, "/app/settings", [...new Map([...valid, ["holdMinutes", value]])]);
      expect((await again.json()).errors.holdMinutes).toMatch(message);
    }
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop.holdMinutes).toBe(0);
    expect(shop.forwardTrigger).toBe("paid");
  });
});

describe("settings: what HyperSKU fulfils", () => {
  const base: [string, string][] = [
    ["forwardTrigger", "paid"],
    ["holdMinutes", "0"],
    ["skipTestOrders", "true"],
    ["excludedTags", ""],
    ["notifyCustomer", "true"],
    ["platformCode", ""],
    ["notificationEmails", ""],
    ["digestInterval", "daily"],
    ["noTrackingDays", "5"],
  ];

  it("offers the shop's locations and stores the chosen ones and the product rules, shown back as typed", async () => {
    const form = await (await get(settingsLoader, "/app/settings")).json();
    expect(form.locations).toEqual([{ id: "gid://shopify/Location/1", name: "Shop location" }]);
    expect(form.values).toMatchObject({ hyperskuLocationIds: "", includeProducts: "", excludeProducts: "" });

    const response = await post(settingsAction, "/app/settings", [
      ...base,
      ["hyperskuLocationIds", "gid://shopify/Location/1"],
      ["includeProducts", "Vendor: HyperSKU Supplies\n\nproduct type: Mugs\ntag: dropship\nvendor: hypersku supplies"],
      ["excludeProducts", "product: gid://shopify/Product/7100000000123"],
    ]);
    expect(response.status).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(JSON.parse(shop.hyperskuLocationIds)).toEqual(["gid://shopify/Location/1"]);
    expect(JSON.parse(shop.productRules)).toEqual({
      include: [
        { field: "vendor", value: "HyperSKU Supplies" },
        { field: "product_type", value: "Mugs" },
        { field: "tag", value: "dropship" },
      ],
      exclude: [{ field: "product", value: "gid://shopify/Product/7100000000123" }],
    });
    const again = await (await get(settingsLoader, "/app/settings")).json();
    expect(again.values).toMatchObject({
      hyperskuLocationIds: "gid://shopify/Location/1",
      includeProducts: "vendor: HyperSKU Supplies\ntype: Mugs\ntag: dropship",
      excludeProducts: "product: gid://shopify/Product/7100000000123",
    });
  });

  it("names the line of a rule it cannot read, and a location that is not one, and saves nothing", async () => {
    const response = await post(settingsAction, "/app/settings", [
      ...base,
      ["hyperskuLocationIds", "Brooklyn"],
      ["includeProducts", "vendor: Acme\ncolour: blue"],
      ["excludeProducts", "product: the blue mug"],
    ]);
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toEqual({
      hyperskuLocationIds: "Choose locations from the list.",
      includeProducts: 'Line 2 ("colour: blue") must start with vendor:, type:, tag: or product: followed by a value.',
      excludeProducts: "Line 1: after product: give the product's ID, the number in its admin address.",
    });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop.productRules).toBe('{"include":[],"exclude":[]}');
  });
});

describe("dashboard", () => {
  it("counts orders in every pipeline stage and puts each problem with its fix", async () => {
    await seedOrdersInEveryState(TEST_SHOP);
    const flagged = await createAdminOrder({
      hyperskuStatus: 4,
      flag: { code: "address_changed_after_shipping", reason: "The address changed after HyperSKU shipped." },
    });
    const view = await (await get(dashboardLoader, "/app")).json();

    const tiles = Object.fromEntries(view.stageTiles.map((tile: { id: string; count: number }) => [tile.id, tile.count]));
    expect(tiles).toEqual({
      to_send: 3,
      needs_you: 6,
      awaiting_payment: 2,
      processing: 3,
      // The flagged Shipping order needs the merchant: it is not counted as shipped.
      shipped: 2,
      delivered: 1,
      cancelled: 2,
      not_for_hypersku: 1,
    });
    expect(view.totalOrders).toBe(20);
    const statuses = Object.fromEntries(view.hyperskuTiles.map((tile: { code: number; count: number }) => [tile.code, tile.count]));
    expect(statuses).toMatchObject({ 8: 1, 1: 1, 4: 2, 5: 1, 14: 1, 11: 1 });

    const problems = view.problems.map((problem: { id: string }) => problem.id);
    expect(problems).toEqual(["failed", "needs_attention", "pending_payment", "hypersku_10", "hypersku_11", "flagged"]);
    const flaggedProblem = view.problems.find((problem: { id: string }) => problem.id === "flagged");
    expect(flaggedProblem.action.url).toBe(`/app/orders/${flagged.id}`);

    const retry = await post(dashboardAction, "/app", [["intent", "retry_failed"]]);
    expect((await retry.json()).done).toBe(1);
    expect(await prisma.order.count({ where: { shop: TEST_SHOP, state: "failed" } })).toBe(0);
  });

  it("promises to a reconnection only the held orders it releases, and says why the others wait", async () => {
    await createShopRecord(TEST_SHOP, { hyperskuStatus: "reconnect_needed" });
    for (const stateCode of ["reconnect_needed", "reconnect_needed", "app_uninstalled", "needs_sourcing"])
      await createAdminOrder({ state: "held", stateCode });
    const view = await (await get(dashboardLoader, "/app")).json();

    const connection = view.problems.find((problem: { id: string }) => problem.id === "connection");
    expect(connection.title).toBe("Reconnect HyperSKU");
    expect(connection.description).toMatch(/ 3 orders are held safely and will be sent once you reconnect\.$/);
    expect(connection.details).toEqual([{ text: `1 order: ${HELD_REASONS.needs_sourcing.meaning} ${HELD_REASONS.needs_sourcing.fix}` }]);
  });
});
