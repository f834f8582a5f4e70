/**
 * Issue 19: a merchant whose browser is in another time zone and language than the server sees
 * every admin page without a console error (React reports a server/browser text mismatch as
 * errors #418/#423), and the times in the shop's zone (read from Shopify), not the browser's.
 * The browser is in Tokyo and speaks German; the shop is in New York; the server runs in UTC.
 */
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import { refreshShopName } from "~/domain/shops/refresh-shop-name.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { createAdminOrder } from "../support/admin-factories";
import { startAppServer, type RunningApp, shopifyTwinEnv, simulatorEnv } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot, type TrackedPage, expectCleanPages } from "../support/browser";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

const BROWSER = { timezoneId: "Asia/Tokyo", locale: "de-DE" } as const;
const SHOP_TIMEZONE = "America/New_York";
/** 14:05 UTC: 9:05 in New York (EST), 23:05 in Tokyo. */
const PLACED_AT = new Date("2026-11-24T14:05:00.000Z");
const PLACED_TEXT = "Nov 24, 2026, 9:05 AM EST";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let shopifyServer: ShopifyAdminServer;
let orderId: string;
const shopify = new ShopifyAdminFake();
const tracked: TrackedPage[] = [];

/**
 * Opens an admin page in the Tokyo/German browser and waits until React has hydrated it (its h1
 * carries React's fiber), then a moment for hydration errors to be reported. Returns the page and
 * the HTML the server sent for it.
 */
async function open(pathname: string, heading: string, width = 1280): Promise<{ page: Page; html: string }> {
  const trackedPage = await openTrackedPage(browser, { ...BROWSER, viewport: { width, height: 900 } });
  tracked.push(trackedPage);
  const { page } = trackedPage;
  const response = await page.goto(await embeddedAppUrl(pathname, TEST_SHOP, app.url));
  const html = (await response?.text()) ?? "";
  await page.getByRole("heading", { name: heading, level: 1, exact: true }).waitFor();
  await page.waitForFunction(() => {
    const h1 = document.querySelector("h1");
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith("__reactFiber"));
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return { page, html };
}

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  simulator = await startConnectedSimulator();
  await connectShop(simulator);
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { name: "Ada's Mugs", lastReconciledAt: PLACED_AT } });
  await prisma.hyperskuConnection.update({ where: { shop: TEST_SHOP }, data: { connectedAt: PLACED_AT, lastSuccessfulCallAt: PLACED_AT } });

  // The zone comes the way it does in production: read from Shopify with the shop's name.
  shopify.setShopTimezone(TEST_SHOP, SHOP_TIMEZONE);
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
  await refreshShopName(TEST_SHOP);
  setAdminGraphqlFactory(null);
  expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).timezone).toBe(SHOP_TIMEZONE);

  orderId = (await createAdminOrder({ hyperskuStatus: 2, number: 3001, createdAt: PLACED_AT })).id;
  await createAdminOrder({ state: "failed", number: 3002, createdAt: new Date(PLACED_AT.getTime() + 3_600_000) });
  await prisma.backfill.create({
    data: {
      shop: TEST_SHOP,
      status: "done",
      createdFrom: new Date("2026-11-01T00:00:00Z"),
      createdTo: new Date("2026-11-24T00:00:00Z"),
      createdAt: PLACED_AT,
      finishedAt: PLACED_AT,
    },
  });

  shopifyServer = await startShopifyAdminServer({ fake: shopify });
  app = await startAppServer({
    ...simulatorEnv(simulator),
    WORKER_MODE: "inline",
    ...shopifyTwinEnv(shopifyServer.url),
    // The server's own zone is not the shop's either: times must not come from the machine's.
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

describe("the admin in a browser in Tokyo that speaks German", { timeout: 60_000 }, () => {
  const PAGES = [
    ["dashboard", "/app", "Dashboard"],
    ["orders", "/app/orders", "Orders"],
    ["past orders", "/app/past-orders", "Send past orders"],
    ["settings", "/app/settings", "Settings"],
    ["connection", "/app/connection", "HyperSKU connection"],
  ] as const;

  // A phone's width too: what Polaris lays out by screen size must hydrate as the server drew it.
  it.each(PAGES.flatMap(([name, pathname, heading]) => [1280, 390].map((width) => [name, width, pathname, heading] as const)))(
    "%s at %i px: hydrates without an error, times in the shop's zone",
    async (name, width, pathname, heading) => {
      const { page } = await open(pathname, heading, width);
      await page.getByText(PLACED_TEXT).first().waitFor();
      await saveScreenshot(page, `time-zone-${name.replace(/\s+/g, "-")}-${width}`);
    },
  );

  it("an order: the time it was placed reads the same in the server's HTML and in the page, in New York's time", async () => {
    const { page, html } = await open(`/app/orders/${orderId}`, "Order #3001");

    // The browser really is elsewhere: its own format of the same instant would read otherwise.
    const browserOwn = await page.evaluate((iso) => new Date(iso).toLocaleString(), PLACED_AT.toISOString());
    expect(browserOwn).toBe("24.11.2026, 23:05:00");

    const placed = await page
      .getByText(/^Placed /)
      .first()
      .textContent();
    expect(placed).toBe(`Placed ${PLACED_TEXT}`);
    expect(placed).toContain("EST");
    expect(html).toContain(`Placed ${PLACED_TEXT}`);
    // Every time on the timeline too: the hydrated text is the server's.
    const times = await page.locator("time").allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const text of times) {
      expect(text).toMatch(/^Nov 24, 2026, \d{1,2}:\d{2} [AP]M EST$/);
      expect(html).toContain(text);
    }
    await saveScreenshot(page, "time-zone-order");
  });
});
