/**
 * The README's first command, run the way a newcomer runs it (small and fast): the final table
 * must show every shippable order forwarded once, the refused and address-less ones explained,
 * tracking and Shopify fulfillments present and no duplicate at HyperSKU; then the printed admin
 * URL must show the demo's orders with their tracking in a browser, and keep doing so (the demo
 * serves the admin until Ctrl-C, by default); a favicon is served without an error in the log;
 * Ctrl-C must stop it all. With --exit it stops after the day and prints no URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import type { DemoRow } from "../../scripts/demo/report";
import { getFreePort } from "../support/app-server";
import { loadBuild } from "../support/build";
import { launchBrowser, openTrackedPage, saveScreenshot } from "../support/browser";

function withoutTestEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, DATABASE_URL: _databaseUrl, ...rest } = env;
  return rest as NodeJS.ProcessEnv;
}

let demo: ChildProcess;
let output = "";
const exitingDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-demo-exit-"));
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-demo-"));

beforeAll(async () => {
  await loadBuild();
  const port = await getFreePort();
  demo = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/demo.ts", "--orders", "8", "--speed", "8", "--port", String(port), "--data-dir", dataDir, "--no-build"],
    {
      // The demo sets its own environment; the test runner's (NODE_ENV=test, its database) must not leak in.
      env: { ...withoutTestEnv(process.env), LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  demo.stdout!.on("data", (chunk) => (output += chunk));
  demo.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (!output.includes("Ctrl-C stops everything")) {
    if (demo.exitCode !== null || Date.now() > deadline) throw new Error(`the demo did not finish its day:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  // Ctrl-C first, so the demo stops the app it started (a killed demo would leave it running).
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    const exited = new Promise((resolve) => demo.once("exit", resolve));
    demo.kill("SIGINT");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (demo.exitCode === null && demo.signalCode === null) demo.kill("SIGKILL");
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(exitingDataDir, { recursive: true, force: true });
});

describe("npm run demo", () => {
  it("ends with every shippable order at HyperSKU once, tracked and fulfilled, and the others explained", () => {
    const result = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-result.json"), "utf8")) as {
      rows: DemoRow[];
      duplicates: number;
      fulfillments: number;
      falseProblems: number;
    };
    const row = (kind: string) => result.rows.find((r) => r.case === kind)!;
    expect(result.duplicates).toBe(0);
    // Shopify's orders/updated after each of the app's fulfillments reached the app, and no shipped
    // order reads as a problem because of it.
    expect(output).toMatch(/→ Shopify: [1-9]\d* webhooks after the app's fulfillments/);
    expect(result.falseProblems).toBe(0);
    // An order for a product HyperSKU has not sourced waits, then goes out by itself once it is.
    expect(output).toMatch(/⏸ #\d+ waits: HyperSKU has not sourced "Linen Tote Bag \(Natural\)" yet\./);
    expect(output).toMatch(/✓ #\d+ went out by itself once HyperSKU sourced it: HyperSKU order \d+/);
    expect(row("rejected")).toMatchObject({ state: "needs_attention", hyperskuId: null });
    expect(row("rejected").note).toContain("cannot be sourced");
    expect(row("no_address")).toMatchObject({ state: "needs_attention" });
    expect(row("no_address").note).toMatch(/shipping address/);
    expect(row("split").tracking).toHaveLength(2);
    expect(row("split").fulfillments).toHaveLength(2);
    expect(row("cancelled").hyperskuStatus).toBe("Closed");
    const shipped = result.rows.filter((r) => ["regular", "edited", "split"].includes(r.case));
    for (const r of shipped) {
      expect(r.state).toBe("sent");
      expect(r.hyperskuId).toMatch(/^\d+$/);
      expect(r.tracking.length).toBeGreaterThan(0);
      expect(r.fulfillments.length).toBe(r.tracking.length);
    }
    expect(result.fulfillments).toBe(shipped.reduce((n, r) => n + r.tracking.length, 0));
    expect(output).toContain("Order  Case");
  });

  it("writes the merchant's e-mail digest into the outbox folder it prints, naming the orders that need them", () => {
    const file = /e-mail digest .* is in (\S+\.eml)/.exec(output)?.[1];
    expect(file, output).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(dataDir, "outbox"));
    const mail = fs.readFileSync(file!, "utf8");
    expect(mail).toMatch(/^To: merchant@hypersku-demo\.invalid$/m);
    expect(mail).toMatch(/^Subject: .+: 2 orders need you$/m);
    const plain = fs.readFileSync(file!.replace(/\.eml$/, ".txt"), "utf8");
    expect(plain).toContain("This order has no shipping address");
    expect(plain).toContain("What to do: Add a shipping address to the order in Shopify, then choose Retry.");
    // Only real problems: no shipped order is in it because Shopify reported its fulfillment back.
    expect(plain).not.toMatch(/Refunded or removed|outside the app|HyperSKU still has/);
  });

  it("serves the admin at the printed URL, with the demo's orders and their tracking", async () => {
    const url = /(http:\/\/127\.0\.0\.1:\d+\/app\?\S+)/.exec(output)![1];
    const { page, offLoopbackRequests } = await openTrackedPage(browser);
    await page.goto(url);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor({ state: "attached" });
    const result = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-result.json"), "utf8")) as { rows: DemoRow[] };
    const split = result.rows.find((r) => r.case === "split")!;
    const origin = new URL(url).origin;
    const query = new URL(url).searchParams;
    await page.goto(`${origin}/app/orders?embedded=1&shop=${query.get("shop")}&host=${query.get("host")}`);
    await page.getByText(split.order, { exact: true }).first().click();
    const trackingNumber = split.tracking[0].split(" ").at(-1)!;
    await page.getByText(trackingNumber).first().waitFor();
    await saveScreenshot(page, "demo-order-with-tracking");
    // "Send past orders", as it opens (the last 30 days), finds every order of the demo's day in Shopify.
    await page.goto(`${origin}/app/past-orders?embedded=1&shop=${query.get("shop")}&host=${query.get("host")}`);
    await page.getByRole("button", { name: "Count orders" }).click();
    // The day's orders, and the order for the product HyperSKU sourced while it waited.
    await page.getByText(`${result.rows.length + 1} orders were created from`).waitFor();
    expect(offLoopbackRequests, offLoopbackRequests.join(", ")).toEqual([]);
  });

  it("serves a favicon, and a browser's request for it leaves no error or stack trace in the log", async () => {
    const origin = new URL(/(http:\/\/127\.0\.0\.1:\d+)\/app\?/.exec(output)![1]).origin;
    const before = output.length;
    const response = await fetch(`${origin}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/icon/);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logged = output.slice(before);
    expect(logged).not.toMatch(/No route matches|Error|\n\s+at /);
  });

  it("stops everything on Ctrl-C", async () => {
    demo.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => demo.once("exit", resolve));
    expect(code).toBe(0);
  });
  // A second, shorter day, after the first (two at once compete for ports and the machine).
  it("with --exit, stops by itself after the day and prints no admin URL (it would be dead)", async () => {
    const exitingPort = await getFreePort();
    const exited = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/demo.ts",
          "--orders",
          "6",
          "--speed",
          "20",
          "--port",
          String(exitingPort),
          "--data-dir",
          exitingDataDir,
          "--no-build",
          "--exit",
        ],
        { env: { ...withoutTestEnv(process.env), LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "pipe"] },
      );
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.stderr.on("data", (chunk) => (text += chunk));
      child.once("exit", (code) => resolve({ code, output: text }));
    });
    expect(exited.code, exited.output).toBe(0);
    expect(exited.output).toContain("Order  Case");
    expect(exited.output).not.toMatch(/\/app\?|Open the app's admin|Ctrl-C/);
  }, 120_000);
});
