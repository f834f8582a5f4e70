import fs from "node:fs";
import type { Browser } from "playwright-core";
import { startHyperskuSimulator, type HyperskuSimulator } from "../../simulators/hypersku/server";
import { getFreePort, startAppServer, type RunningApp } from "../support/app-server";
import { launchBrowser, openTrackedPage, saveScreenshot } from "../support/browser";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { embeddedAppUrl, TEST_SHOP } from "../support/shopify";

let app: RunningApp;
let simulator: HyperskuSimulator;
let browser: Browser;

beforeAll(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  const port = await getFreePort();
  simulator = await startHyperskuSimulator({
    clientId: "e2e-client",
    clientSecret: "e2e-secret",
    redirectUri: `http://127.0.0.1:${port}/hypersku/callback`,
  });
  app = await startAppServer(
    {
      DATABASE_URL: process.env.DATABASE_URL!,
      HYPERSKU_CLIENT_ID: "e2e-client",
      HYPERSKU_CLIENT_SECRET: "e2e-secret",
      HYPERSKU_API_URL: simulator.url,
      HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
    },
    port,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await simulator?.close();
});

describe("journey: connect a HyperSKU account", () => {
  it("connects through HyperSKU's approval page, back in the app the merchant confirms, and ends connected", async () => {
    const { page, pageErrors } = await openTrackedPage(browser);
    await page.goto(await embeddedAppUrl("/app/connection", TEST_SHOP, app.url));
    await page.getByText("Not connected").waitFor();

    await page.getByRole("button", { name: "Connect HyperSKU" }).click();
    await page.waitForURL(`${simulator.url}/application/auth**`);
    await page.getByRole("button", { name: "Approve" }).click();

    // Back in the admin: nothing is connected until the merchant confirms which account, for which store.
    await page.waitForURL(`${app.url}/app/connection**`);
    await page.getByText("is ready to be connected to").waitFor();
    await page.getByText("sim-user-1").waitFor();
    expect(await page.getByText("Not connected").count()).toBeGreaterThan(0);
    const confirmShot = await saveScreenshot(page, "hypersku-confirm");
    expect(fs.statSync(confirmShot).size).toBeGreaterThan(10_000);
    await page.getByRole("button", { name: "Confirm" }).click();

    await page.getByText("HyperSKU is connected").waitFor();
    expect(new URL(page.url()).searchParams.has("confirm")).toBe(false);
    await page.getByText(/HyperSKU user\s*sim-user-1\s*is connected to/).waitFor();
    expect(await page.getByText("Connected", { exact: true }).count()).toBeGreaterThan(0);

    const file = await saveScreenshot(page, "hypersku-connected");
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
    expect(simulator.control.requests().filter((r) => r.operation === "accessToken")).toHaveLength(1);

    // Disconnect asks first; the answer closes the question and the card shows the result.
    await page.getByRole("button", { name: "Disconnect" }).click();
    const question = page.getByText("Disconnect HyperSKU?");
    await question.waitFor();
    await page.getByRole("button", { name: "Disconnect" }).click();
    await question.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Connect HyperSKU" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
