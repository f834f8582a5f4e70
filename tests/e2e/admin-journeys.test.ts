/**
 * Browser journeys through the merchant's admin, on the production build, offline: the app talks to
 * the HyperSKU simulator and to the Shopify Admin fake (through a preloaded fetch redirect), the
 * browser never leaves the machine, and every journey saves a screenshot.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
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
import { buildGraphqlOrder, type JsonObject } from "../support/order-factories";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let shopifyServer: ShopifyAdminServer;
const shopify = new ShopifyAdminFake();
/** Each page of past orders takes this long, so the run is seen in progress. */
const PAST_ORDERS_PAGE_DELAY_MS = 1500;
const tracked: TrackedPage[] = [];

async function open(pathname: string): Promise<Page> {
  const trackedPage = await openTrackedPage(browser);
  tracked.push(trackedPage);
  await trackedPage.page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  return trackedPage.page;
}

const toast = (page: Page, text: string | RegExp) => page.locator("#offline-app-bridge-toasts").getByText(text).waitFor();

/**
 * Opens the orders search. On a loaded CI machine the first click can land while Polaris is still
 * settling the tab change and leave the filters closed; a merchant clicks again, and so does this.
 */
const openSearch = (page: Page) => openIndexSearch(page, "Search by order, customer, e-mail, tracking number or HyperSKU order");

/**
 * The admin's conventions on a page: the browser tab names it ("Orders · HyperSKU"), App Bridge's
 * title bar shows its title and the page does not show it a second time (its h1 is for screen
 * readers only, visually hidden), and its footer has a help link that opens in a new tab.
 */
async function expectAdminConventions(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(`${title} · HyperSKU`);
  // The page's title bar; an App Bridge modal's own title bar (ui-modal > ui-title-bar) is its heading.
  expect(await page.locator("ui-title-bar:not(ui-modal > ui-title-bar)").getAttribute("title")).toBe(title);
  await page.getByRole("heading", { name: title, level: 1, exact: true }).waitFor({ state: "attached" });
  const shownTwice = await page.evaluate((text) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
    };
    return [...document.querySelectorAll("h1, h2")].filter((heading) => heading.textContent?.trim() === text && shown(heading)).length;
  }, title);
  expect(shownTwice, `a visible heading repeats the title bar's "${title}"`).toBe(0);
  const help = page
    .locator("p, div")
    .filter({ hasText: /^Help: / })
    .last()
    .getByRole("link");
  expect(await help.getAttribute("href")).toMatch(/^https:\/\//);
  expect(await help.getAttribute("target")).toBe("_blank");
}

async function screenshot(page: Page, name: string) {
  const file = await saveScreenshot(page, name);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

let twoParcelOrderId: string;
let failedOrderId: string;

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  simulator = await startConnectedSimulator();
  await connectShop(simulator);
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { name: "Ada's Mugs", lastReconciledAt: new Date() } });

  const orders = await seedOrdersInEveryState(TEST_SHOP, 2001);
  failedOrderId = orders.find((order) => order.state === "failed")!.id;
  const split = orders.find((order) => order.hyperskuStatus === 14)!;
  twoParcelOrderId = split.id;
  await createParcel(split, {
    trackingCompany: "YunExpress",
    trackingNumber: "YT2411000001",
    items: [{ title: "Ceramic Mug", variantTitle: "Blue / Large", quantity: 2, imgUrl: imageDataUri("#2c6ecb", "Mug") }],
  });
  await createParcel(split, {
    trackingCompany: "4PX",
    trackingNumber: "4PX3000222333",
    trackingUrl: "https://track.4px.com/#/result/0/4PX3000222333",
    status: "Out for delivery",
    items: [{ title: "Linen Tea Towel", variantTitle: "Natural", quantity: 1, imgUrl: imageDataUri("#8a6116", "Towel") }],
  });
  await createAdminOrder({
    hyperskuStatus: 4,
    number: 2100,
    flag: { code: "address_changed_after_shipping", reason: "The shipping address changed in Shopify after HyperSKU shipped the order." },
  });

  shopifyServer = await startShopifyAdminServer({
    fake: shopify,
    delayFor: (query) => (/query PastOrders\b/.test(query) ? PAST_ORDERS_PAGE_DELAY_MS : 0),
  });
  app = await startAppServer({
    ...simulatorEnv(simulator),
    WORKER_MODE: "inline",
    ...shopifyTwinEnv(shopifyServer.url),
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

describe("journeys: the merchant's admin", { timeout: 60_000 }, () => {
  it("dashboard: counts in every pipeline stage, the problems with their fixes, the last sync", async () => {
    const page = await open("/app");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Needs your attention", exact: true }).waitFor();
    await page.getByText("1 order could not be sent").waitFor();
    await page.getByText("1 order waits for your payment at HyperSKU").waitFor();
    await page.getByText("1 order at HyperSKU needs a decision").waitFor();
    await page.getByText(`${TEST_SHOP} is installed`).waitFor();
    for (const label of [
      "To send: 3 orders",
      "Needs you: 6 orders",
      "Awaiting payment: 2 orders",
      "Processing: 3 orders",
      "Shipped: 2 orders",
      "Delivered: 1 order",
      "Cancelled: 2 orders",
      "Not for HyperSKU: 1 order",
    ]) {
      await page.getByRole("link", { name: label }).waitFor();
    }
    expect(await page.getByRole("row").count()).toBe(13); // heading + each of HyperSKU's 12 states
    await screenshot(page, "admin-dashboard");
  });

  it("orders: the pipeline's tabs with counts, a search by number and by tracking, a HyperSKU status filter", async () => {
    const page = await open("/app/orders");
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await page.getByRole("link", { name: "#2100" }).waitFor();
    await page.getByRole("columnheader", { name: "Status" }).waitFor();
    expect(await page.getByRole("columnheader", { name: "HyperSKU status" }).count()).toBe(0);

    await page.getByRole("tab", { name: "Needs you: 6 orders" }).click();
    await page.waitForURL(/tab=needs_you/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(6);
    await page.getByRole("link", { name: "#2005" }).waitFor();

    // Closed at HyperSKU with the Shopify order still open: cancelled, and what to do about it.
    await page.getByRole("tab", { name: "Cancelled: 2 orders" }).click();
    await page.waitForURL(/tab=cancelled/);
    await page
      .getByText("Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.")
      .waitFor();
    await screenshot(page, "admin-orders-cancelled-tab");

    await page.getByRole("tab", { name: "All: 20 orders" }).click();
    await page.waitForURL((url) => !url.searchParams.has("tab"));
    await openSearch(page);
    const search = page.getByPlaceholder("Search by order, customer, e-mail, tracking number or HyperSKU order");
    await search.fill("2013");
    await page.waitForURL(/q=2013/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "#2013" }).waitFor();
    await screenshot(page, "admin-orders-searched");
    await search.fill("4PX3000222333");
    await page.waitForURL(/q=4PX3000222333/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "#2013" }).waitFor();

    await search.fill("");
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await page.getByRole("button", { name: "HyperSKU status" }).click();
    // Polaris draws its own radio over the input: the label takes the click.
    await page
      .locator("label")
      .filter({ hasText: /^Shipping/ })
      .click();
    await page.waitForURL(/status=4/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(2);
    await page.getByText("HyperSKU status: Shipping").first().waitFor();
    // Close the filter's popover (Escape would leave filtering mode and clear the view): a click
    // beside it, in the page's empty top-left corner (the h1 is visually hidden, not clickable).
    await page.mouse.click(2, 2);
    await page
      .locator("label")
      .filter({ hasText: /^Shipping/ })
      .waitFor({ state: "hidden" });
    await screenshot(page, "admin-orders-filtered");
  });

  it("order detail: two parcels with carrier, tracking links, items and status", async () => {
    const page = await open(`/app/orders/${twoParcelOrderId}`);
    await page.getByRole("heading", { name: "Parcels and tracking" }).waitFor();
    const first = page.getByRole("link", { name: /Track parcel YT2411000001/ });
    const second = page.getByRole("link", { name: /Track parcel 4PX3000222333/ });
    expect(await first.getAttribute("href")).toBe("https://www.yuntrack.com/parcelTracking?id=YT2411000001");
    expect(await second.getAttribute("href")).toBe("https://track.4px.com/#/result/0/4PX3000222333");
    expect(await first.getAttribute("target")).toBe("_blank");
    await page.getByText("Out for delivery").waitFor();
    await page.getByRole("heading", { name: "Parcel 2" }).waitFor();
    await page.getByText("Split Shipment").first().waitFor();
    await page.getByRole("heading", { name: "Address as sent to HyperSKU" }).waitFor();
    await page.getByRole("heading", { name: "Shopify fulfillment created" }).first().waitFor();
    // waitFor, not count(): count() does not wait for the element, so it raced the page's render.
    await page
      .getByRole("link", { name: /in the Shopify admin/ })
      .first()
      .waitFor();
    await page.locator("img[alt='Ceramic Mug']").first().waitFor({ state: "attached" });
    await screenshot(page, "admin-order-two-parcels");

    // An id that is not this shop's order: the page's own "Not found", with a way back.
    const missing = await open("/app/orders/not-an-order-of-this-shop");
    await missing.getByRole("heading", { name: "Not found" }).waitFor();
    await missing.getByRole("link", { name: "Back to orders" }).waitFor();
  });

  it("retry of a failed order: sent to HyperSKU, and the page follows it", async () => {
    const page = await open(`/app/orders/${failedOrderId}`);
    await page.getByText("This order could not be sent").waitFor();
    await page.getByRole("button", { name: "Retry" }).click();
    await toast(page, "Retrying: the order is being sent to HyperSKU.");
    await page.getByRole("heading", { name: "Sent to HyperSKU" }).first().waitFor({ timeout: 15_000 });
    await page.getByText("HyperSKU order").first().waitFor();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: failedOrderId } });
    expect(order.state).toBe("sent");
    expect(simulator.control.orders().some((held) => held.orderBaseInfo.storeOrderId === order.shopifyOrderId)).toBe(true);
    await screenshot(page, "admin-order-retried");
  });

  it("refresh from HyperSKU, then cancel at HyperSKU only after confirming", async () => {
    const page = await open(`/app/orders/${failedOrderId}`);
    await page.getByRole("button", { name: "Refresh from HyperSKU" }).click();
    await toast(page, /^Refreshed from HyperSKU/);

    await page.getByRole("button", { name: "Cancel at HyperSKU" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Cancellation only works before HyperSKU ships the order.").waitFor();
    await screenshot(page, "admin-order-cancel-confirmation");
    await dialog.getByRole("button", { name: "Keep the order" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: failedOrderId } })).hyperskuStatus).not.toBe(6);

    await page.getByRole("button", { name: "Cancel at HyperSKU" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel the order at HyperSKU" }).click();
    await toast(page, "HyperSKU cancelled the order.");
    await page.getByRole("heading", { name: "Cancelled at HyperSKU" }).waitFor();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: failedOrderId } })).hyperskuStatus).toBe(6);
    // Closed at HyperSKU: nothing left to cancel.
    expect(await page.getByRole("button", { name: "Cancel at HyperSKU" }).count()).toBe(0);
  });

  it("settings: a field error first, then saved", async () => {
    const page = await open("/app/settings");
    const hold = page.getByLabel("Wait before sending (minutes)");
    await hold.fill("20000");
    const bar = page.getByRole("region", { name: "Unsaved changes" });
    await bar.getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter at most 10,080 minutes (one week).").first().waitFor();
    await toast(page, "Fix the highlighted fields, then save again");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("settings-holdMinutes");
    expect(await hold.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "admin-settings-field-error");

    await hold.fill("30");
    await page.getByLabel("Excluded tags").fill("wholesale, no-hypersku");
    await page.getByLabel("Notify the customer when an order is marked as fulfilled").uncheck();
    await bar.getByRole("button", { name: "Save" }).click();
    await toast(page, "Settings saved");
    await bar.waitFor({ state: "detached" });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop).toMatchObject({ holdMinutes: 30, notifyCustomer: false, excludedTags: JSON.stringify(["wholesale", "no-hypersku"]) });
    await screenshot(page, "admin-settings-saved");
    // Back to sending at once, for the journeys that follow.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { holdMinutes: 0 } });
  });

  it("settings: notification addresses, a bad one named, then saved; the page says whether mail can go out", async () => {
    const page = await open("/app/settings");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    // The offline app runs in demo mode without a mail server: its e-mails go to a folder, and it says so.
    await page.getByText("Demo: e-mails are written to a folder").waitFor();
    const addresses = page.getByLabel("Send notifications to");
    await addresses.fill("owner@shop.example, owner-at-shop");
    await page.getByText("Every 6 hours", { exact: true }).click();
    const bar = page.getByRole("region", { name: "Unsaved changes" });
    await bar.getByRole("button", { name: "Save" }).click();
    await page.getByText('"owner-at-shop" is not an e-mail address.').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("settings-notificationEmails");

    await addresses.fill("owner@shop.example, ops@shop.example");
    await page.getByLabel("Parcels with no tracking after (days)").fill("7");
    await bar.getByRole("button", { name: "Save" }).click();
    await toast(page, "Settings saved");
    await bar.waitFor({ state: "detached" });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop).toMatchObject({ digestInterval: "six_hours", noTrackingDays: 7 });
    expect(JSON.parse(shop.notificationEmails)).toEqual(["owner@shop.example", "ops@shop.example"]);
    await page.getByRole("heading", { name: "Notifications" }).scrollIntoViewIfNeeded();
    await screenshot(page, "admin-settings-notifications");
    // No digests for the journeys that follow.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { notificationEmails: "[]" } });
  });

  it("send past orders: count, run with a progress bar, and the summary", async () => {
    const mugPicture = imageDataUri("#2c6ecb", "Mug");
    const created = Date.now() - 10 * 86_400_000;
    for (let i = 0; i < 120; i++) {
      const node = buildGraphqlOrder({
        overrides: {
          legacyResourceId: String(6_200_000_000_000 + i),
          name: `#${3000 + i}`,
          createdAt: new Date(created + i * 60_000).toISOString(),
          updatedAt: new Date(created + i * 60_000).toISOString(),
          test: i >= 110,
        },
      });
      node.id = `gid://shopify/Order/${node.legacyResourceId}`;
      // Pictures as data URIs: the orders list shows each order's first item, and the browser never leaves the machine.
      const offline = JSON.parse(JSON.stringify(node).replace(/https:\/\/cdn\.shopify\.com[^"]*/g, mugPicture)) as typeof node;
      shopify.putOrder(TEST_SHOP, offline as JsonObject & { id: string; updatedAt: string });
    }

    const page = await open("/app/past-orders");
    await page.getByRole("button", { name: "Count orders" }).click();
    await page.getByText("120 orders were created from").waitFor();
    await page.getByRole("button", { name: "Send 120 past orders" }).click();
    await page.getByRole("heading", { name: "Sending past orders" }).waitFor();
    await page.getByRole("progressbar").waitFor();
    // Part-way: the first page is in, the next is on its way from Shopify.
    await page.getByText(/^([1-9]\d?|1[01]\d) of 120 orders gone through/).waitFor({ timeout: 15_000 });
    await screenshot(page, "admin-past-orders-progress");

    await page.getByRole("heading", { name: "Last run" }).waitFor({ timeout: 30_000 });
    await page.getByText("120 of 120 orders gone through (100%)").waitFor();
    await page.getByText(/10: This is a test order/).waitFor();
    const run = await prisma.backfill.findFirstOrThrow({ where: { shop: TEST_SHOP } });
    expect(run).toMatchObject({ status: "done", processed: 120, queued: 110, skipped: 10, failed: 0 });
    await screenshot(page, "admin-past-orders-summary");
  });
  it.each([
    ["/app", "Dashboard"],
    ["/app/orders", "Orders"],
    ["/app/past-orders", "Send past orders"],
    ["/app/settings", "Settings"],
    ["/app/connection", "HyperSKU connection"],
  ])("%s: document title, the title once (in the title bar), a help link", async (pathname, title) => {
    const page = await open(pathname);
    await expectAdminConventions(page, title);
  });

  it("order page: document title, the title once (in the title bar), a help link", async () => {
    const order = await prisma.order.findUniqueOrThrow({ where: { id: twoParcelOrderId } });
    const page = await open(`/app/orders/${twoParcelOrderId}`);
    await expectAdminConventions(page, `Order ${order.name}`);
  });
});
