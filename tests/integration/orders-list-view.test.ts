/**
 * The orders list's view beyond its tabs: newest or oldest first, a date range in the shop's time
 * zone, the columns a merchant scans (customer, destination, items, total, age), the Delivered and
 * Cancelled tabs read without a parcel relation filter, the CSV export of the view, and bulk
 * outcomes that name every refused order.
 */
import prisma from "~/models/db/client.server";
import { loader as exportLoader } from "~/routes/app.orders.export";
import { action as ordersAction, loader as ordersLoader } from "~/routes/app.orders._index/route";
import { readOrdersInChunks } from "~/models/admin-orders.server";
import { HELD_REASONS } from "~/models/order-state";
import { describeListRow } from "~/domain/admin/orders-list.server";
import { STAGE_CLAUSES } from "~/domain/admin/pipeline";
import { buildRestAddress } from "../../simulators/harness/order-payloads";
import { createAdminOrder, createParcel, createShopRecord } from "../support/admin-factories";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { callRoute } from "../support/routes";
import { createBearerRequest, TEST_SHOP } from "../support/shopify";

type Row = {
  id: string;
  name: string;
  createdAt: string;
  age: string;
  customer: string | null;
  email: string | null;
  destination: string | null;
  items: { count: number; imageUrl: string | null };
  total: string | null;
  pipeline: { stage: string };
  actions: string[];
};
type Page = { rows: Row[]; nextHref: string | null; previousHref: string | null; exportHref: string };

const list = async (href: string) => (await (await callRoute(ordersLoader, await createBearerRequest(href, TEST_SHOP))).json()) as Page;
const names = (page: Page) => page.rows.map((row) => row.name);

async function everyPage(href: string | null) {
  const seen: string[] = [];
  while (href) {
    const page = await list(href);
    seen.push(...names(page));
    href = page.nextHref;
  }
  return seen;
}

beforeEach(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createShopRecord(TEST_SHOP);
});

const at = (minutes: number) => new Date(Date.UTC(2026, 6, 1) + minutes * 60_000);

describe("orders list: order and dates", () => {
  it("lists oldest first when asked, paging both ways, and newest first by default", async () => {
    for (let i = 0; i < 60; i++) await createAdminOrder({ number: 3000 + i, createdAt: at(Math.floor(i / 2)), withEvents: false });
    const oldest = await everyPage("/app/orders?sort=oldest");
    expect(oldest).toHaveLength(60);
    const byTime = await prisma.order.findMany({ orderBy: [{ shopifyCreatedAt: "asc" }, { id: "asc" }], select: { name: true } });
    expect(oldest).toEqual(byTime.map((row) => row.name));
    expect(await everyPage("/app/orders")).toEqual([...oldest].reverse());

    const second = await list((await list("/app/orders?sort=oldest")).nextHref!);
    expect(second.nextHref).toBeNull();
    expect(names(await list(second.previousHref!))).toEqual(oldest.slice(0, 50));
  });

  it("keeps the days of a date range in the shop's time zone, both ends included", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "Asia/Tokyo" } });
    // Jul 1, 23:30 in Tokyo; Jul 2, 00:30; Jul 3, 23:59; Jul 4, 00:00.
    await createAdminOrder({ number: 1, createdAt: new Date("2026-07-01T14:30:00Z") });
    await createAdminOrder({ number: 2, createdAt: new Date("2026-07-01T15:30:00Z") });
    await createAdminOrder({ number: 3, createdAt: new Date("2026-07-03T14:59:00Z") });
    await createAdminOrder({ number: 4, createdAt: new Date("2026-07-03T15:00:00Z") });

    expect(names(await list("/app/orders?from=2026-07-02&to=2026-07-03"))).toEqual(["#3", "#2"]);
    // Backwards is the same range; one end open.
    expect(names(await list("/app/orders?from=2026-07-03&to=2026-07-02"))).toEqual(["#3", "#2"]);
    expect(names(await list("/app/orders?from=2026-07-03"))).toEqual(["#4", "#3"]);
    expect(names(await list("/app/orders?to=2026-07-01&sort=oldest"))).toEqual(["#1"]);
    expect(names(await list("/app/orders?from=2026-07-02&to=2026-07-03&q=3"))).toEqual(["#3"]);
  });
});

describe("orders list: columns", () => {
  it("shows the customer, destination, items with a picture, total and age of each order", async () => {
    const order = await createAdminOrder({
      number: 5001,
      createdAt: new Date(Date.now() - 3 * 3_600_000),
      payload: {
        email: "ada@example.com",
        shipping_address: buildRestAddress({
          first_name: "Ada",
          last_name: "Lovelace",
          city: "Lyon",
          country: "France",
          country_code: "FR",
        }),
      },
    });
    const snapshot = JSON.parse(order.snapshot);
    await prisma.variantFacts.create({
      data: {
        shop: TEST_SHOP,
        variantId: snapshot.lineItems[0].variantId,
        imageUrl: "https://cdn.shopify.com/mug.jpg",
        fetchedAt: new Date(),
      },
    });
    const [row] = (await list("/app/orders")).rows;
    expect(row).toMatchObject({
      customer: "Ada Lovelace",
      email: "ada@example.com",
      destination: "Lyon, France",
      items: { count: 3, imageUrl: "https://cdn.shopify.com/mug.jpg" },
      total: expect.stringMatching(/^\$\d/),
      age: "3 h",
      actions: ["send"],
    });
  });
});

describe("orders list: Delivered and Cancelled (HyperSKU's Closed split by tracking)", () => {
  it("pages each tab through exactly its orders, in both orders, past a tracking batch", async () => {
    const expected = { delivered: [] as string[], cancelled: [] as string[] };
    // 230 closed orders (every third with a tracked parcel: delivered; the rest cancelled), with
    // delivered and cancelled orders of their own among them.
    for (let i = 0; i < 230; i++) {
      const order = await createAdminOrder({ number: 10_000 + i, hyperskuStatus: 6, createdAt: at(i * 2), withEvents: false });
      if (i % 3 === 0) await createParcel(order, { trackingNumber: `YT${i}` });
      (i % 3 === 0 ? expected.delivered : expected.cancelled).push(order.name);
    }
    for (let i = 0; i < 30; i++) {
      const delivered = await createAdminOrder({ number: 20_000 + i, hyperskuStatus: 5, createdAt: at(i * 15 + 1), withEvents: false });
      expected.delivered.push(delivered.name);
      const cancelled = await createAdminOrder({ number: 30_000 + i, state: "cancelled", createdAt: at(i * 15 + 1), withEvents: false });
      expected.cancelled.push(cancelled.name);
    }
    for (const tab of ["delivered", "cancelled"] as const) {
      const newest = await everyPage(`/app/orders?tab=${tab}`);
      expect(newest.slice().sort()).toEqual(expected[tab].slice().sort());
      expect(new Set(newest).size).toBe(newest.length);
      const oldest = await everyPage(`/app/orders?tab=${tab}&sort=oldest`);
      expect(oldest).toEqual(newest.slice().reverse());
    }
  });
});

describe("orders list: Processing", () => {
  it("holds HyperSKU's processing statuses, no status yet and a status the app does not know, each read as its own range", async () => {
    for (const [number, status] of [
      [1, 8],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 99],
      [6, 12],
      [7, 0],
      [8, 4],
      [9, 5],
    ] as const)
      await createAdminOrder({ number, hyperskuStatus: status, createdAt: at(number) });
    const noStatus = await createAdminOrder({ number: 10, hyperskuStatus: 2, createdAt: at(10) });
    await prisma.order.update({ where: { id: noStatus.id }, data: { hyperskuStatus: null } });
    // #2 (1: Pending Payment), #8 (4: Shipping) and #9 (5: Delivered) are in other stages.
    expect(names(await list("/app/orders?tab=processing"))).toEqual(["#10", "#7", "#6", "#5", "#4", "#3", "#1"]);
  });
});

describe("orders list: held orders", () => {
  it("explains a held row by what holds it, in the words of the order page, not as a lost connection", async () => {
    const onHold = await createAdminOrder({ number: 5001, state: "held", stateCode: "fulfillment_on_hold", createdAt: at(2) });
    const unconnected = await createAdminOrder({ number: 5002, state: "held", stateCode: "not_connected", createdAt: at(1) });
    const filter = { clauses: STAGE_CLAUSES.to_send, hyperskuStatus: null, search: null, created: { from: null, before: null } };
    const rows = [];
    for await (const chunk of readOrdersInChunks(TEST_SHOP, { ...filter, sort: "newest" }, 10)) rows.push(...chunk);
    // The list reads each row's state code itself.
    expect(rows.map((row) => row.id)).toEqual([onHold.id, unconnected.id]);
    const pipelines = rows.map((row) => describeListRow(row, at(60)).pipeline);
    expect(pipelines).toEqual([
      { stage: "to_send", label: "To send", tone: "info", meaning: HELD_REASONS.fulfillment_on_hold.meaning },
      { stage: "to_send", label: "To send", tone: "info", meaning: HELD_REASONS.not_connected.meaning },
    ]);
  });
});

describe("orders export", () => {
  const exportOf = async (href: string) => {
    const response = await callRoute(exportLoader, await createBearerRequest(href, TEST_SHOP));
    return { response, text: await response.text() };
  };

  it("downloads the view as CSV: its tab, search and dates, every order, formulas made text", async () => {
    await createAdminOrder({
      number: 6001,
      state: "failed",
      createdAt: at(10),
      payload: { shipping_address: buildRestAddress({ first_name: '=HYPERLINK("http://x")', last_name: "Evil", city: "Lyon, Rhône" }) },
    });
    await createAdminOrder({ number: 6002, state: "failed", createdAt: at(20) });
    await createAdminOrder({ number: 6003, hyperskuStatus: 4, createdAt: at(30) });
    await createAdminOrder({ number: 6004, state: "failed", createdAt: at(60 * 24 * 3) });

    const page = await list("/app/orders?tab=needs_you&to=2026-07-02&q=600");
    expect(page.exportHref).toBe("/app/orders/export?tab=needs_you&to=2026-07-02&q=600");
    const { response, text } = await exportOf(page.exportHref);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"Order","Created","Customer","E-mail","Destination","Items","Total","Stage","HyperSKU status","HyperSKU order","Tracking number","Details"',
    );
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(['"#6002"', '"#6001"']);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"") Evil"`);
    expect(lines[2]).toContain(`"Lyon, Rhône, United States"`);
    expect(lines[2]).toContain("Needs you");

    expect(
      (await exportOf("/app/orders/export?sort=oldest")).text
        .split("\r\n")
        .slice(1, 5)
        .map((line) => line.split(",")[0]),
    ).toEqual(['"#6001"', '"#6002"', '"#6003"', '"#6004"']);
  });

  it("reads a view in keyset chunks: every order once, whatever the chunk size", async () => {
    for (let i = 0; i < 23; i++)
      await createAdminOrder({ number: 7000 + i, state: i % 2 ? "failed" : "needs_attention", createdAt: at(Math.floor(i / 3)) });
    const filter = {
      clauses: STAGE_CLAUSES.needs_you,
      hyperskuStatus: null,
      search: null,
      created: { from: null, before: null },
      sort: "oldest" as const,
    };
    const chunks: string[][] = [];
    for await (const chunk of readOrdersInChunks(TEST_SHOP, filter, 5)) chunks.push(chunk.map((row) => row.name));
    expect(chunks.map((chunk) => chunk.length)).toEqual([5, 5, 5, 5, 3]);
    expect(new Set(chunks.flat()).size).toBe(23);
  });

  it("answers only a session of the shop", async () => {
    const response = await callRoute(exportLoader, new Request("https://app.test/app/orders/export"));
    expect(response.status).not.toBe(200);
  });
});

describe("orders list: bulk actions", () => {
  it("reports every order it could not act on, each with why, in one outcome", async () => {
    const waiting = await createAdminOrder({ number: 8001, state: "waiting", payload: { financial_status: "paid" } });
    const sent = await createAdminOrder({ number: 8002, hyperskuStatus: 2 });
    const cancelled = await createAdminOrder({ number: 8003, state: "cancelled" });
    const request = await createBearerRequest("/app/orders", TEST_SHOP, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "send"],
        ["id", waiting.id],
        ["id", sent.id],
        ["id", cancelled.id],
      ]),
    });
    const result = await (await callRoute(ordersAction, request)).json();
    expect(result).toMatchObject({ ok: false, done: 1, headline: "1 order is being sent to HyperSKU" });
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { name: "#8002", message: "This order is already at HyperSKU." },
        { name: "#8003", message: "This order was cancelled in Shopify, so it is not sent to HyperSKU." },
      ]),
    );
    expect(result.refused).toHaveLength(2);
  });
});
