/**
 * The orders list as a merchant works it, in Chromium on the production build, offline:
 * the pipeline's tabs with their counts, a search by each key, newest or oldest first, a date
 * range in the shop's time zone, the CSV export, a bulk action whose outcome lists each refused
 * order with why, at 1280 px and condensed on a 390 px phone. The browser is in Tokyo and speaks
 * German, the shop is in New York: no console error (hydration mismatches included) on any page.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { buildRestAddress } from "../../simulators/harness/order-payloads";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { createAdminOrder, createParcel, seedOrdersInEveryState } from "../support/admin-factories";
import { imageDataUri } from "../../simulators/harness/pictures";
import { startAppServer, type RunningApp, shopifyTwinEnv, simulatorEnv } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot, type TrackedPage, expectCleanPages, openIndexSearch } from "../support/browser";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

const BROWSER = { timezoneId: "Asia/Tokyo", locale: "de-DE" } as const;
const SEARCH_PLACEHOLDER = "Search by order, customer, e-mail, tracking number or HyperSKU order";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let shopifyServer: ShopifyAdminServer;
const shopify = new ShopifyAdminFake();
const tracked: TrackedPage[] = [];
let graceHyperskuId: string;
let graceShopifyId: string;

async function open(pathname: string, width = 1280): Promise<Page> {
  const trackedPage = await openTrackedPage(browser, { ...BROWSER, viewport: { width, height: 900 }, acceptDownloads: true });
  tracked.push(trackedPage);
  const { page } = trackedPage;
  await page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor({ state: "attached" });
  // Hydrated: React's fiber is on the h1 (hydration errors are reported by then).
  await page.waitForFunction(() => {
    const h1 = document.querySelector("h1");
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith("__reactFiber"));
  });
  return page;
}

async function screenshot(page: Page, name: string) {
  const file = await saveScreenshot(page, name);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

const rows = (page: Page) => page.locator("#orders-table tbody tr");

/** Opens the search; a click landing while Polaris settles is repeated, as a merchant would. */
const openSearch = (page: Page) => openIndexSearch(page, SEARCH_PLACEHOLDER);

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  simulator = await startConnectedSimulator();
  await connectShop(simulator);
  await prisma.shop.update({
    where: { domain: TEST_SHOP },
    data: { name: "Ada's Mugs", lastReconciledAt: new Date(), timezone: "America/New_York" },
  });

  // #2001..#2019, an hour apart from Jun 1, 00:00 UTC (May 31, 20:00 in New York).
  const orders = await seedOrdersInEveryState(TEST_SHOP, 2001);
  await createParcel(
    orders.find((order) => order.hyperskuStatus === 14)!,
    { trackingNumber: "YT2411000001" },
  );
  const grace = await createAdminOrder({
    hyperskuStatus: 4,
    number: 2100,
    payload: {
      email: "grace.hopper@example.com",
      shipping_address: buildRestAddress({ first_name: "Grace", last_name: "Hopper", city: "Lyon", country: "France", country_code: "FR" }),
    },
  });
  graceHyperskuId = grace.hyperskuOrderId!;
  graceShopifyId = grace.shopifyOrderId;
  const variantId = JSON.parse(grace.snapshot).lineItems[0].variantId;
  await prisma.variantFacts.create({
    data: { shop: TEST_SHOP, variantId, imageUrl: imageDataUri("#2c6ecb", "Mug"), fetchedAt: new Date() },
  });
  // A test order still to send: Send now is offered for it, and the app refuses it with why.
  await createAdminOrder({ state: "waiting", number: 2101, payload: { test: true } });

  shopifyServer = await startShopifyAdminServer({ fake: shopify });
  app = await startAppServer({
    ...simulatorEnv(simulator),
    WORKER_MODE: "inline",
    ...shopifyTwinEnv(shopifyServer.url),
    TZ: "UTC",
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await simulator?.close();
  await shopifyServer?.close();
});

afterEach(() => expectCleanPages(tracked));

describe("journeys: the orders pipeline", { timeout: 120_000 }, () => {
  it("1280 px: every tab with its count, the columns, the Shopify link, and a search by each key", async () => {
    const page = await open("/app/orders");
    for (const heading of ["Customer", "Destination", "Items", "Total", "Age", "Status", "Tracking"]) {
      await page.getByRole("columnheader", { name: heading, exact: true }).waitFor();
    }
    const grace = rows(page).filter({ hasText: "#2100" });
    await grace.getByText("Grace Hopper").waitFor();
    await grace.getByText("Lyon, France").waitFor();
    await grace.getByText("3 items").waitFor();
    expect(await grace.getByRole("link", { name: "Open order 2100 in Shopify" }).getAttribute("href")).toBe(
      `shopify://admin/orders/${graceShopifyId}`,
    );
    await screenshot(page, "orders-pipeline-1280");

    const tabs: [string, string, number][] = [
      ["to_send", "To send", 4],
      ["needs_you", "Needs you", 5],
      ["awaiting_payment", "Awaiting payment", 2],
      ["processing", "Processing", 3],
      ["shipped", "Shipped", 3],
      ["delivered", "Delivered", 1],
      ["cancelled", "Cancelled", 2],
      ["not_for_hypersku", "Not for HyperSKU", 1],
    ];
    for (const [id, label, count] of tabs) {
      await page.getByRole("tab", { name: `${label}: ${count} ${count === 1 ? "order" : "orders"}` }).click();
      await page.waitForURL(new RegExp(`tab=${id}`));
      await expect.poll(() => rows(page).count()).toBe(count);
      if (id === "cancelled") {
        // Closed at HyperSKU with the Shopify order still open: cancelled, and what to do about it.
        await rows(page)
          .getByText("Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.")
          .waitFor();
        await screenshot(page, "orders-pipeline-cancelled-tab");
      }
    }

    await page.getByRole("tab", { name: "All: 21 orders" }).click();
    await page.waitForURL((url) => !url.searchParams.has("tab"));
    const search = await openSearch(page);
    const searches: [string, string][] = [
      ["2012", "#2012"],
      ["Grace Hopper", "#2100"],
      ["grace.hopper@example.com", "#2100"],
      ["YT2411000001", "#2013"],
      [graceHyperskuId, "#2100"],
    ];
    for (const [query, name] of searches) {
      await search.fill(query);
      await page.waitForURL((url) => url.searchParams.get("q") === query);
      await expect.poll(() => rows(page).count(), { message: `search "${query}"` }).toBe(1);
      await rows(page).getByRole("link", { name, exact: true }).waitFor();
    }
    await screenshot(page, "orders-pipeline-searched");
  });

  it("1280 px: oldest first, a date range in the shop's zone, and the view exported as CSV", async () => {
    const page = await open("/app/orders");
    await rows(page).first().getByRole("link", { name: "#2101", exact: true }).waitFor();
    await page.getByRole("button", { name: "Sort the results" }).click();
    await page.getByRole("button", { name: "Oldest first" }).click();
    await page.waitForURL(/sort=oldest/);
    await rows(page).first().getByRole("link", { name: "#2001", exact: true }).waitFor();
    await page.mouse.click(2, 2);

    // May 31 in New York is 04:00 to 04:00 UTC: #2001..#2004 (in Tokyo or in UTC it would be none).
    await openSearch(page);
    await page.getByRole("button", { name: "Date" }).click();
    await page.getByLabel("From", { exact: true }).fill("2026-05-31");
    await page.getByLabel("To", { exact: true }).fill("2026-05-31");
    await page.getByRole("button", { name: "Apply dates" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === "2026-05-31" && url.searchParams.get("to") === "2026-05-31");
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByText("Date: May 31, 2026 – May 31, 2026").first().waitFor();
    await page.mouse.click(2, 2);
    await screenshot(page, "orders-pipeline-date-range");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\ufeff/, "");
    const lines = csv.trimEnd().split("\r\n");
    // Every cell quoted (the one CSV writer, app/domain/admin/csv.ts).
    expect(lines[0]).toMatch(/^"Order","Created","Customer","E-mail","Destination","Items","Total","Stage"/);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(['"#2001"', '"#2002"', '"#2003"', '"#2004"']);
    expect(lines[1]).toContain("May 31, 2026, 8:00 PM EDT");
    await page
      .locator("#offline-app-bridge-toasts")
      .getByText(/^Exported orders-/)
      .waitFor();
  });

  it("1280 px: Send now is offered where it can work, asked once more, and every refused order is listed with why", async () => {
    const page = await open("/app/orders");
    await page.getByRole("tab", { name: "Needs you: 5 orders" }).click();
    await page.waitForURL(/tab=needs_you/);
    // The failed order: Needs you holds nothing to send, only Retry is offered.
    await rows(page).filter({ hasText: "#2005" }).getByRole("checkbox").check({ force: true });
    await page.getByRole("button", { name: "Retry" }).waitFor();
    expect(await page.getByRole("button", { name: "Send now" }).count()).toBe(0);

    await page.getByRole("tab", { name: "To send: 4 orders" }).click();
    await page.waitForURL(/tab=to_send/);
    await expect.poll(() => rows(page).count()).toBe(4);
    for (let i = 0; i < 4; i++) await rows(page).nth(i).getByRole("checkbox").check({ force: true });
    await page.getByRole("button", { name: "Send now" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Send 4 orders?").waitFor();
    await screenshot(page, "orders-pipeline-bulk-confirm");
    await dialog.getByRole("button", { name: "Send 4 orders" }).click();

    const banner = page.locator(".Polaris-Banner").filter({ hasText: "could not be:" });
    await banner.waitFor();
    await banner.getByText(/^#2101: .+/).waitFor();
    const refused = await banner.locator("li").allTextContents();
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const line of refused) expect(line).toMatch(/^#\d+: \S.+/);
    // One message for the outcome: no toast beside the banner.
    expect(
      await page
        .locator("#offline-app-bridge-toasts")
        .getByText(/being sent/)
        .count(),
    ).toBe(0);
    await screenshot(page, "orders-pipeline-bulk-refused");
  });

  it("390 px: a condensed list, tabs with counts, no sideways scrolling", async () => {
    const page = await open("/app/orders", 390);
    // Condensed: one stacked row per order (the columns' headings are not shown).
    await expect.poll(() => page.getByRole("columnheader", { name: "Destination" }).count()).toBe(0);
    await page.getByText("Grace Hopper · Lyon, France").waitFor();
    await page.getByRole("tab", { name: "Shipped: 3 orders" }).click();
    await page.waitForURL(/tab=shipped/);
    await page.getByText("Grace Hopper · Lyon, France").waitFor();
    // The list itself fits: nothing in the card reaches past the screen's edge.
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const list = document.querySelector("#orders-table")!;
      return {
        scrolls: list.scrollWidth > list.clientWidth,
        wide: [...list.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > width + 1).length,
      };
    });
    expect(overflow).toEqual({ scrolls: false, wide: 0 });
    await screenshot(page, "orders-pipeline-390");
  });
});
