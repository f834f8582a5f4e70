import fs from "node:fs";
import type { Browser } from "playwright-core";
import { startAppServer, type RunningApp } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot } from "../support/browser";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL! });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("journey: open the embedded app", () => {
  it("shows the dashboard, offline, and saves a screenshot", async () => {
    const { page, offLoopbackRequests, pageErrors } = await openTrackedPage(browser);

    await page.goto(await embeddedAppUrl("/app", TEST_SHOP, app.url));
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText(`${TEST_SHOP} is installed`).waitFor();
    // App Bridge came from the local stand-in and the page is interactive (hydrated).
    expect(await page.evaluate(() => typeof (window as unknown as { shopify?: unknown }).shopify)).toBe("object");

    const file = await saveScreenshot(page, "dashboard");
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    expect(offLoopbackRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
