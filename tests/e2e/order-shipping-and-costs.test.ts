/**
 * The order page shows, for the order's HyperSKU items and destination, the shipping
 * methods HyperSKU offers (read from the HyperSKU twin after the page, through its resource route)
 * and what HyperSKU charges beside what the customer paid, with the margin; an order waiting for
 * sourcing offers Send anyway, with a confirmation. At a desktop's and a phone's width, without a
 * console error, with screenshots.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { skuIdOf } from "../../simulators/hypersku/private-products";
import { createAdminOrder } from "../support/admin-factories";
import { startAppServer, type RunningApp, simulatorEnv } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot, type TrackedPage, expectCleanPages } from "../support/browser";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let sentId: string;
let waitingId: string;
const tracked: TrackedPage[] = [];

/** The factory order's lines, as the catalogue knows them: HyperSKU's two mug SKUs. */
async function catalogueRows(sentRequest: string) {
  const lines = (JSON.parse(sentRequest) as { lineItems: { storeVariantId: string; storeProductId: string; title: string }[] }).lineItems;
  const skus = ["43200000000011", "43200000000012"];
  for (const [index, line] of lines.entries()) {
    await prisma.catalogueVariant.create({
      data: {
        shop: TEST_SHOP,
        variantId: line.storeVariantId,
        productId: line.storeProductId,
        productTitle: line.title,
        variantTitle: "Default Title",
        productStatus: "ACTIVE",
        searchText: line.title.toLowerCase(),
        sourcing: "sourced",
        hyperskuSkuId: String(skuIdOf(skus[index % skus.length])),
        countries: JSON.stringify([{ countryCode: "US", regionCodes: null }]),
        shopifySyncedAt: new Date(),
        hyperskuSyncedAt: new Date(),
      },
    });
  }
}

async function open(pathname: string, width: number): Promise<Page> {
  const trackedPage = await openTrackedPage(browser, { viewport: { width, height: 900 } });
  tracked.push(trackedPage);
  const { page } = trackedPage;
  await page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  return page;
}

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  simulator = await startConnectedSimulator();
  await connectShop(simulator);

  const sent = await createAdminOrder({ hyperskuStatus: 1, number: 4001 });
  await catalogueRows(sent.sentRequest!);
  const answer = JSON.parse(sent.hyperskuResponse!) as { orderBaseInfo: Record<string, unknown> };
  // HyperSKU's answer as the twin gives it for the catalogue's SKUs: its cost and the shipping table's freight.
  Object.assign(answer.orderBaseInfo, {
    logisticsName: "YunExpress Standard",
    goodsAmount: 9.35,
    freight: 21.66,
    amount: 31.01,
    actualAmount: 31.01,
  });
  await prisma.order.update({
    where: { id: sent.id },
    data: {
      hyperskuResponse: JSON.stringify(answer),
      hyperskuGoodsMinor: 935,
      hyperskuFreightMinor: 2166,
      hyperskuCostCurrency: "USD",
      customerPaidMinor: 6550,
      customerPaidCurrency: "USD",
    },
  });
  sentId = sent.id;
  waitingId = (
    await createAdminOrder({
      state: "held",
      number: 4002,
      stateCode: "needs_sourcing",
      stateReason: 'HyperSKU has not sourced "Linen Tote Bag (Natural)" yet.',
    })
  ).id;

  app = await startAppServer({
    ...simulatorEnv(simulator),
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await simulator?.close();
});

afterEach(() => expectCleanPages(tracked));

describe("journey: costs and margin on the dashboard", { timeout: 60_000 }, () => {
  it.each([1280, 390])("shows the totals for today, 7 and 30 days and exports them as CSV at %i px", async (width) => {
    await prisma.order.update({ where: { id: sentId }, data: { sentAt: new Date(Date.now() - 60_000) } });
    const page = await open("/app", width);
    await page.getByRole("heading", { name: "Costs and margin" }).waitFor();
    for (const period of ["Today", "Last 7 days", "Last 30 days"]) {
      const tile = page.getByRole("region", { name: period });
      expect(await tile.innerText()).toMatch(/1 order sent[\s\S]*HyperSKU charges \$31\.01[\s\S]*Margin \$34\.49 \(52\.7%\)/);
    }
    await saveScreenshot(page, `dashboard-costs-${width}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "7 days" }).click()]);
    expect(download.suggestedFilename()).toBe("hypersku-costs-7d.csv");
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv).toContain('"#4001"');
    expect(csv).toMatch(/"USD","9\.35","21\.66","31\.01","USD","65\.50","34\.49","","Yes"\r\n$/);
  });
});

describe("journey: an order's shipping and cost", { timeout: 60_000 }, () => {
  it.each([1280, 390])("shows HyperSKU's shipping methods and the order's cost and margin at %i px", async (width) => {
    const page = await open(`/app/orders/${sentId}`, width);
    await page.getByRole("heading", { name: "Shipping and cost" }).waitFor();
    const methods = page.getByLabel("Shipping methods");
    await methods.getByText("YunExpress Standard").waitFor();
    expect(await methods.innerText()).toMatch(/YunExpress Standard\s+\$\d+\.\d\d · \d+–\d+ days/);
    await page.getByText("HyperSKU ships it by YunExpress Standard.").waitFor();

    const costs = page.getByLabel("Cost and margin");
    const text = await costs.innerText();
    expect(text).toMatch(/Goods \(HyperSKU\)\s+\$9\.35/);
    expect(text).toMatch(/Freight \(HyperSKU\)\s+\$21\.66/);
    expect(text).toMatch(/HyperSKU charges\s+\$31\.01/);
    expect(text).toMatch(/Customer paid\s+\$65\.50/);
    expect(text).toMatch(/Margin\s+\$34\.49 \(52\.7%\)/);
    await saveScreenshot(page, `order-shipping-and-costs-${width}`);
  });

  it("offers Send anyway for an order waiting for sourcing, and asks first", async () => {
    const page = await open(`/app/orders/${waitingId}`, 1280);
    await page.getByRole("heading", { name: "Shipping and cost" }).waitFor();
    await page.getByRole("button", { name: "Send anyway" }).click();
    await page.getByText("Send to HyperSKU before it has sourced the items?").waitFor();
    await saveScreenshot(page, "order-send-anyway-confirmation");
    await page.getByRole("button", { name: "Keep waiting" }).click();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: waitingId } })).sendAnywayAt).toBeNull();
  });
});
