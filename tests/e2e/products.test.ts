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
import { imageDataUri } from "../../simulators/harness/pictures";
import { startAppServer, type RunningApp, shopifyTwinEnv, simulatorEnv } from "../support/app-server";
import { launchBrowser, saveScreenshot, type TrackedPage, expectCleanPages, openIndexSearch, openEmbeddedPage } from "../support/browser";
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
const COLOURS = ["#2c6ecb", "#8a6116", "#1f7a4d", "#a33b3b"];
/** 3 demo products (4 variants) and 60 generated ones: more than a page of 50. */
const GENERATED = 60;

const open = (pathname: string, width = 1280) => openEmbeddedPage(browser, tracked, app.url, pathname, width);

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
  // A sync ended a moment ago (with nothing read yet), so the app's scheduler does not start one on its own.
  await prisma.catalogueSync.create({
    data: { shop: TEST_SHOP, state: "idle", finishedAt: new Date(), lastSucceededAt: new Date("2026-11-20T09:30:00Z") },
  });
  // Shopify's own setting, which the app reads back (reconciliation): the times below are in it.
  shopify.setShopTimezone(TEST_SHOP, "Europe/Berlin");
  // Images as data: URIs, so the page's thumbnails never leave the machine.
  const products = [...structuredClone([...DEMO_CATALOGUE]), ...generateCatalogue(GENERATED)].map((product, index) => ({
    ...product,
    featuredImageUrl: imageDataUri(COLOURS[index % COLOURS.length], product.title.slice(0, 4)),
    variants: product.variants.map((variant) => ({ ...variant, imageUrl: null })),
  }));
  shopify.setProducts(TEST_SHOP, products);
  shopifyServer = await startShopifyAdminServer({ fake: shopify });
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

describe("journey: the Products page", { timeout: 90_000 }, () => {
  it("at 1280 px: sync, tabs with counts, search, a variant's shipping to a country", async () => {
    const page = await open("/app/products");
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor({ state: "attached" });
    // The last sync's time, in the shop's zone.
    await page.getByText("Last synced Nov 20, 2026, 10:30 AM GMT+1.", { exact: false }).waitFor();
    await page.getByText("No variants here").waitFor();

    await page.getByRole("button", { name: "Sync now" }).click();
    await page.locator("#offline-app-bridge-toasts").getByText("Sync started.").waitFor();
    // The page polls while the sync runs: the rows and a new time appear without a reload.
    await page
      .getByRole("button", { name: "Ceramic Mug" })
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        console.log("PAGE TEXT", await page.locator("body").innerText());
        throw error;
      });
    await expect.poll(() => page.getByText("Last synced Nov 20, 2026", { exact: false }).count(), { timeout: 30_000 }).toBe(0);
    const total = DEMO_CATALOGUE.reduce((sum, product) => sum + product.variants.length, 0) + GENERATED;
    await page.getByRole("tab", { name: `All: ${total} variants` }).waitFor();
    await page.getByRole("tab", { name: "Sourced: 3 variants" }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(50);
    await screenshot(page, "products-synced");

    await page.getByRole("tab", { name: "Sourced: 3 variants" }).click();
    await page.waitForURL(/tab=sourced/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(3);
    await page.locator("tbody").getByText("Sourced", { exact: true }).first().waitFor();

    await page.getByRole("tab", { name: /^Not sourced yet: / }).click();
    await page.waitForURL(/tab=not_sourced/);
    await (await openIndexSearch(page, "Search by product, variant or SKU")).fill("linen");
    await page.waitForURL(/q=linen/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.locator("tbody").getByText("Not sourced yet", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "What to do" }).getAttribute("href")).toMatch(
      /^https:\/\/app\.hypersku\.com\/product\/detail\/\d+$/,
    );
    await screenshot(page, "products-not-sourced-searched");

    await page.goto(await embeddedAppUrl("/app/products", TEST_SHOP, app.url));
    await page.getByRole("tab", { name: "Sourced: 3 variants" }).click();
    await page.waitForURL(/tab=sourced/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(3);
    await page.getByRole("button", { name: "Ceramic Mug" }).first().click();
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
    const page = await open("/app/products", 390);
    await page.getByText("Ceramic Mug").first().waitFor();
    await page.locator('span:text-is("Sourced"):visible').first().waitFor();
    // The server renders the wide table; the condensed list replaces it once the page has hydrated
    // and read the screen's width.
    await page.locator(".Polaris-IndexTable__CondensedList > li").first().waitFor();
    // Condensed: one stacked cell per variant, each row and card within the screen's width.
    const rights = await page.evaluate(() =>
      [...document.querySelectorAll(".Polaris-IndexTable__CondensedList > li, .Polaris-ShadowBevel")].map(
        (el) => el.getBoundingClientRect().right,
      ),
    );
    expect(rights.length).toBeGreaterThan(3);
    expect(Math.max(...rights)).toBeLessThanOrEqual(390);
    expect(await page.locator(".Polaris-IndexTable__CondensedList > li").count()).toBe(50);
    await screenshot(page, "products-390");
  });
});
