/**
 * Browser journey (issue 18): the Products page on the production build, offline. The merchant syncs
 * the catalogue (progress, then the last sync time), moves between the tabs, searches, opens a sourced
 * variant and asks what shipping it to a country costs; on a phone (390 px) the table is condensed and
 * nothing overflows. Screenshots of each; no page or console error, no request off the machine.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { generateCatalogue } from "../../simulators/shopify/catalogue-graphql";
import { DEMO_CATALOGUE } from "../../simulators/shopify/product-catalogue";
import { startAppServer, type RunningApp, shopifyTwinEnv } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot, type TrackedPage } from "../support/browser";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let shopifyServer: ShopifyAdminServer;
const shopify = new ShopifyAdminFake();
const tracked: TrackedPage[] = [];
/** 3 demo products (4 variants) and 60 generated ones: more than a page of 50. */
const GENERATED = 60;

async function open(pathname: string, width = 1280): Promise<Page> {
  const trackedPage = await openTrackedPage(browser, { viewport: { width, height: 900 } });
  tracked.push(trackedPage);
  await trackedPage.page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  return trackedPage.page;
}

async function screenshot(page: Page, name: string) {
  const file = await saveScreenshot(page, name);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  simulator = await startConnectedSimulator();
  await connectShop(simulator);
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { name: "Ada's Mugs", timezone: "Europe/Berlin" } });
  shopify.setProducts(TEST_SHOP, [...structuredClone([...DEMO_CATALOGUE]), ...generateCatalogue(GENERATED)]);
  shopifyServer = await startShopifyAdminServer({ fake: shopify });
  app = await startAppServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    HYPERSKU_API_URL: simulator.url,
    HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
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

afterEach(() => {
  for (const { offLoopbackRequests, pageErrors, consoleErrors } of tracked.splice(0)) {
    expect(offLoopbackRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }
});

describe("journey: the Products page", { timeout: 90_000 }, () => {
  it("at 1280 px: sync, tabs with counts, search, a variant's shipping to a country", async () => {
    const page = await open("/app/products");
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor({ state: "attached" });
    await page.getByText("Not synced yet").waitFor();
    await page.getByText("Your catalogue has not been read yet").waitFor();

    await page.getByRole("button", { name: "Sync now" }).click();
    // The page polls while the sync runs, and shows the time it finished in the shop's zone.
    await page.getByText(/^Last synced .* GMT\+1\. /).waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Ceramic Mug" }).first().waitFor();
    const total = DEMO_CATALOGUE.reduce((sum, product) => sum + product.variants.length, 0) + GENERATED;
    await page.getByRole("tab", { name: `All: ${total} variants` }).waitFor();
    await page.getByRole("tab", { name: "Sourced: 3 variants" }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(50);
    await screenshot(page, "products-synced");

    await page.getByRole("tab", { name: "Sourced: 3 variants" }).click();
    await page.waitForURL(/tab=sourced/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(3);
    await page.getByText("Sourced", { exact: true }).first().waitFor();

    await page.getByRole("tab", { name: /^Not sourced yet: / }).click();
    await page.waitForURL(/tab=not_sourced/);
    await page.getByRole("button", { name: /Search and filter/ }).click();
    await page.getByPlaceholder("Search by product, variant or SKU").fill("linen");
    await page.waitForURL(/q=linen/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByText("Not sourced yet", { exact: true }).last().waitFor();
    expect(await page.getByRole("link", { name: "What to do" }).getAttribute("href")).toMatch(
      /^https:\/\/app\.hypersku\.com\/product\/detail\/\d+$/,
    );
    await screenshot(page, "products-not-sourced-searched");

    await page.goto(await embeddedAppUrl("/app/products?tab=sourced", TEST_SHOP, app.url));
    await page.getByRole("link", { name: "Ceramic Mug" }).first().click();
    await page.waitForURL(/variant=\d+/);
    await page.getByLabel("Shipping to").waitFor();
    await page.getByLabel("Shipping to").selectOption("US");
    await page.getByRole("button", { name: "Show shipping" }).click();
    await page.getByRole("columnheader", { name: "Delivery time" }).waitFor();
    await page
      .getByText(/\d+(-\d+)? days/)
      .first()
      .waitFor();
    await screenshot(page, "products-variant-shipping");
  });

  it("at 390 px: a condensed table that fits the screen", async () => {
    const page = await open("/app/products?tab=sourced", 390);
    await page.getByText("Ceramic Mug").first().waitFor();
    await page.getByText("Sourced", { exact: true }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "products-390");
  });
});
