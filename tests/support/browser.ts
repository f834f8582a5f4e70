/**
 * Headless Chromium from Debian (never a downloaded browser), driven by playwright-core.
 * Every request the page makes is recorded; leaving loopback is a test failure.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { BROWSER_USER_AGENT } from "./shopify";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (.ci/run does it).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling Google, which is blocked here.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export type TrackedPage = { page: Page; offLoopbackRequests: string[]; pageErrors: string[] };

export async function openTrackedPage(browser: Browser): Promise<TrackedPage> {
  // authenticate.admin answers 410 to bot user agents, HeadlessChrome included.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_USER_AGENT });
  const page = await context.newPage();
  const offLoopbackRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:") {
      offLoopbackRequests.push(request.url());
    }
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { page, offLoopbackRequests, pageErrors };
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
