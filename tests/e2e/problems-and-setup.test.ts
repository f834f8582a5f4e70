/**
 * Browser journeys (issue 19), in a browser in Tokyo that speaks German, at 1280 and 390 px, with no
 * console error on any page: the first-run setup guide stands where the red "connect" banner was,
 * ticks a step the merchant marks and stays dismissed; a problem on an order is marked resolved with
 * a note in an App Bridge modal, shows on the timeline and leaves the dashboard; an unpaid order
 * links to paying at HyperSKU and is ignored with a note on a phone.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { startAppServer, type RunningApp } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot, type TrackedPage, expectCleanPages } from "../support/browser";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

const BROWSER = { timezoneId: "Asia/Tokyo", locale: "de-DE" } as const;

let app: RunningApp;
let browser: Browser;
let needsAttentionId: string;
let unpaidId: string;
const tracked: TrackedPage[] = [];

/** Opens an admin page and waits until React has hydrated it (its h1 carries React's fiber). */
async function open(pathname: string, heading: string, width = 1280): Promise<Page> {
  const trackedPage = await openTrackedPage(browser, { ...BROWSER, viewport: { width, height: 900 } });
  tracked.push(trackedPage);
  const { page } = trackedPage;
  await page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  await page.getByRole("heading", { name: heading, level: 1, exact: true }).waitFor();
  await page.waitForFunction(() => {
    const h1 = document.querySelector("h1");
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith("__reactFiber"));
  });
  await page.waitForLoadState("networkidle");
  return page;
}

async function screenshot(page: Page, name: string) {
  const file = await saveScreenshot(page, name);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

const toast = (page: Page, text: string | RegExp) => page.locator("#offline-app-bridge-toasts").getByText(text).waitFor();

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createShopRecord(TEST_SHOP, { name: "Ada's Mugs", hyperskuStatus: "not_connected" });
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "America/New_York" } });
  await createAdminOrder({ state: "held", number: 4001 });
  needsAttentionId = (await createAdminOrder({ state: "needs_attention", number: 4002 })).id;
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, TZ: "UTC" });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

afterEach(() => expectCleanPages(tracked));

describe("journey: the first run", { timeout: 60_000 }, () => {
  it("at 390 px: the setup guide, not a red banner, and its first step open", async () => {
    const page = await open("/app", "Dashboard", 390);
    await page.getByRole("heading", { name: "Setup guide" }).waitFor();
    await page.getByText("0 of 4 steps done").waitFor();
    await page.getByText(/1 order waits for it and is sent once you connect\./).waitFor();
    expect(await page.getByText(/held because HyperSKU is not connected/).count()).toBe(0);
    await screenshot(page, "setup-guide-390");
  });

  it("at 1280 px: a step the merchant marks is ticked; dismissed, the guide stays gone and the red banner is back", async () => {
    const page = await open("/app", "Dashboard");
    await page.getByRole("checkbox", { name: 'Mark "Check your products" as done' }).check();
    await toast(page, "Step marked as done.");
    await page.getByText("1 of 4 steps done").waitFor();
    await page.getByRole("button", { name: "Check your products" }).click();
    expect(await page.getByRole("link", { name: "Check products" }).getAttribute("href")).toMatch(/^\/app\/products/);
    await screenshot(page, "setup-guide-1280");

    await page.getByRole("button", { name: "Dismiss the setup guide" }).click();
    // The guide going is the answer (it unmounts with its toast).
    await page.getByRole("heading", { name: "Setup guide" }).waitFor({ state: "detached" });
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).setupStepsDone).toBe('["products"]');

    const again = await open("/app", "Dashboard");
    await again.getByText(/1 order is held because HyperSKU is not connected/).waitFor();
    expect(await again.getByRole("heading", { name: "Setup guide" }).count()).toBe(0);
  });
});

describe("journey: resolving a problem", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "connected" } });
    unpaidId = (await createAdminOrder({ hyperskuStatus: HYPERSKU_STATUS.pendingPayment, number: 4003 })).id;
  });

  it("at 1280 px: marked resolved with a note in the modal, it shows on the timeline and leaves the dashboard", async () => {
    const dashboard = await open("/app", "Dashboard");
    await dashboard.getByText("1 order needs your attention").waitFor();

    const page = await open(`/app/orders/${needsAttentionId}`, "Order #4002");
    await page.getByRole("heading", { name: "Problem to act on" }).waitFor();
    await page.getByText("Add a shipping address to the order in Shopify, then choose Retry.").first().waitFor();
    const shopifyLink = page.getByRole("link", { name: "Open the order in Shopify" });
    expect(await shopifyLink.getAttribute("href")).toMatch(/^shopify:\/\/admin\/orders\/\d+$/);

    await page.getByRole("button", { name: "Mark resolved: Needs your attention before it can be sent" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark resolved: Needs your attention before it can be sent" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Mark resolved" }).click();
    await dialog.getByText(/^Write a few words on what you did/).waitFor();
    await dialog.getByLabel("Note for the order's timeline").fill("The customer gave the address by phone; entered in Shopify.");
    await screenshot(page, "problem-resolve-modal-1280");
    await dialog.getByRole("button", { name: "Mark resolved" }).click();
    await toast(page, /^Problem marked resolved\./);
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Problem marked resolved" }).waitFor();
    await page.getByText(/The customer gave the address by phone; entered in Shopify\./).waitFor();
    expect(await page.getByRole("heading", { name: "Problem to act on" }).count()).toBe(0);
    await screenshot(page, "problem-resolved-timeline-1280");

    const after = await open("/app", "Dashboard");
    await after.getByText("1 order waits for your payment at HyperSKU").waitFor();
    expect(await after.getByText("1 order needs your attention").count()).toBe(0);
    await screenshot(after, "problem-resolved-dashboard-1280");
  });

  it("at 390 px: an unpaid order links to paying at HyperSKU, and is ignored with a note", async () => {
    const page = await open(`/app/orders/${unpaidId}`, "Order #4003", 390);
    const pay = page.getByRole("link", { name: /^Pay at HyperSKU/ });
    expect(await pay.getAttribute("href")).toMatch(/\/order\/list\?status=unpaid$/);
    await page.getByRole("button", { name: "Ignore: Waiting for your payment at HyperSKU" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Note for the order's timeline").fill("Paying on Friday with the weekly batch.");
    await screenshot(page, "problem-ignore-modal-390");
    await dialog.getByRole("button", { name: "Ignore the problem" }).click();
    await toast(page, /^Problem ignored\./);
    await page.getByRole("heading", { name: "Problem ignored" }).waitFor();
    await screenshot(page, "problem-ignored-390");

    const dashboard = await open("/app", "Dashboard", 390);
    await dashboard.getByText(`${TEST_SHOP} is installed`).waitFor();
    expect(await dashboard.getByText("1 order waits for your payment at HyperSKU").count()).toBe(0);
  });
});
