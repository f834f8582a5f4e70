/**
 * Browser journey (issue 19): an outage becomes visible. HyperSKU (the simulator) answers every call
 * with HTTP 500 and has not answered for eight minutes: the dashboard's banner says since when, how
 * many orders wait and the next try; "Retry the failed order" says HyperSKU is still not answering and
 * the banner stays; the connection card and a waiting order's page say so too. Both widths.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import prisma from "~/models/db/client.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { createAdminOrder } from "../support/admin-factories";
import { startAppServer, type RunningApp, simulatorEnv } from "../support/app-server";
import { launchBrowser, saveScreenshot, type TrackedPage, expectCleanPages, openEmbeddedPage } from "../support/browser";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let browser: Browser;
let simulator: HyperskuSimulator;
let waitingOrderId: string;
const tracked: TrackedPage[] = [];

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
  simulator.control.setFault("*", { errorRate: 1 });
  await prisma.hyperskuConnection.update({
    where: { shop: TEST_SHOP },
    data: { failingSince: new Date(Date.now() - 8 * 60_000), lastFailure: "HTTP 500 (createOrderFromExternal)", failedCallsInARow: 3 },
  });
  const waiting = await createAdminOrder({ state: "scheduled", number: 3001 });
  await prisma.order.update({ where: { id: waiting.id }, data: { attemptCount: 2, nextAttemptAt: new Date(Date.now() + 20 * 60_000) } });
  waitingOrderId = waiting.id;
  await createAdminOrder({ state: "failed", number: 3002 });
  app = await startAppServer({
    ...simulatorEnv(simulator),
    WORKER_MODE: "inline",
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await simulator?.close();
});

afterEach(() => expectCleanPages(tracked));

describe("journey: HyperSKU stops answering", { timeout: 60_000 }, () => {
  it("the dashboard says since when, how many orders wait and the next try; Retry says HyperSKU is still not answering", async () => {
    const page = await open("/app");
    await page.getByText(/^HyperSKU is not answering since /).waitFor();
    await page.getByText(/^1 order waits to be sent; next try at /).waitFor();
    await screenshot(page, "outage-dashboard");

    await page.getByRole("button", { name: "Retry the failed order" }).click();
    await page
      .locator("#offline-app-bridge-toasts")
      .getByText(/^HyperSKU is still not answering: 2 orders will be sent as soon as it answers\.$/)
      .waitFor();
    await page.getByText(/^HyperSKU is not answering since /).waitFor(); // the banner stays
  });

  it("at 390 px the banner reads the same", async () => {
    const page = await open("/app", 390);
    await page.getByText(/^HyperSKU is not answering since /).waitFor();
    await screenshot(page, "outage-dashboard-narrow");
  });

  it("the connection card says HyperSKU does not answer though the authorization is valid", async () => {
    const page = await open("/app/connection");
    await page.getByText("HyperSKU is not answering", { exact: true }).waitFor();
    await page.getByText(/^HyperSKU has not answered since .+; the app keeps trying and nothing is lost\./).waitFor();
    await screenshot(page, "outage-connection");
  });

  it("a waiting order says HyperSKU is not answering since when, and the next try", async () => {
    const page = await open(`/app/orders/${waitingOrderId}`, 390);
    await page.getByText(/^HyperSKU is not answering since .+, next try at .+\. Nothing is lost: the app keeps trying\.$/).waitFor();
    await screenshot(page, "outage-order");
  });
});
